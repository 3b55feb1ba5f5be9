package io.wirespeed.it.embedded;

import javax.jms.JMSException;

/** Another application: the same program started under another main class, so with an archive of its own. */
public final class OtherApplicationMain
{
    private OtherApplicationMain()
    {
    }

    /**
     * @param args as {@link ApplicationMain}'s.
     * @throws JMSException on failure.
     */
    public static void main(final String[] args) throws JMSException
    {
        ApplicationMain.main(args);
    }
}
