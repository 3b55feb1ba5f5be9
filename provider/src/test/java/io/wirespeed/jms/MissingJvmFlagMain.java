package io.wirespeed.jms;

import javax.jms.Connection;
import javax.jms.JMSContext;

/**
 * Run by {@link MissingJvmFlagTest} in a JVM started without the flags Aeron needs: tries
 * {@code createConnection} and {@code createContext} and prints, one line each, what they threw.
 */
public final class MissingJvmFlagMain
{
    private MissingJvmFlagMain()
    {
    }

    /**
     * Prints {@code createConnection: <exception class>: <message>}, then the same for {@code createContext}.
     *
     * @param args none.
     */
    public static void main(final String[] args)
    {
        final JmsConnectionFactory factory = new JmsConnectionFactory();
        try (Connection connection = factory.createConnection())
        {
            System.out.println("createConnection: returned " + connection);
        }
        catch (final Throwable ex)
        {
            System.out.println("createConnection: " + ex.getClass().getName() + ": " + ex.getMessage());
        }
        try (JMSContext context = factory.createContext())
        {
            System.out.println("createContext: returned " + context);
        }
        catch (final Throwable ex)
        {
            System.out.println("createContext: " + ex.getClass().getName() + ": " + ex.getMessage());
        }
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
