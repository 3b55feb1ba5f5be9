package io.wirespeed.jms.connection;

import javax.jms.JMSException;

import org.agrona.UnsafeApi;

/**
 * Checks, before a connection touches Aeron, that the JVM lets Agrona use {@code jdk.internal.misc.Unsafe}:
 * without {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} the first buffer Aeron makes throws
 * a raw {@code IllegalAccessError} that names no flag.
 */
public final class JvmFlagCheck
{
    private static final String PACKAGE = "jdk.internal.misc";
    private static final String MISSING = missingFlag();

    private JvmFlagCheck()
    {
    }

    /**
     * Throws, in one line naming the flag to add, when the JVM was started without it.
     *
     * @throws JMSException if {@code java.base} does not open {@code jdk.internal.misc} to Agrona.
     */
    public static void check() throws JMSException
    {
        if (MISSING != null)
        {
            throw new JMSException("this JVM lacks the flag Aeron needs: start java with " + MISSING +
                " (or, for java -jar, put 'Add-Opens: java.base/" + PACKAGE + "' in the jar's manifest)");
        }
    }

    private static String missingFlag()
    {
        // Exported is what Agrona's UnsafeApi needs; --add-opens implies it and is the flag Aeron documents.
        final Module agrona = UnsafeApi.class.getModule();
        if (Object.class.getModule().isExported(PACKAGE, agrona))
        {
            return null;
        }
        return "--add-opens java.base/" + PACKAGE + "=" + (agrona.isNamed() ? agrona.getName() : "ALL-UNNAMED");
    }
}
