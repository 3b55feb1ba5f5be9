package io.wirespeed.jms;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import javax.jms.ConnectionMetaData;

/**
 * What a connection says about the provider: JMS 2.0 (Jakarta Messaging 3.1 in the jakarta.jms
 * artifact), Wirespeed's version, and the JMSX properties it supports.
 */
public final class JmsConnectionMetaData implements ConnectionMetaData
{
    /** The one instance: the metadata does not vary per connection. */
    public static final JmsConnectionMetaData INSTANCE = new JmsConnectionMetaData();

    /** The JMSX properties this provider supports. */
    public static final List<String> JMSX_PROPERTY_NAMES = List.of("JMSXDeliveryCount", "JMSXGroupID", "JMSXGroupSeq");

    private static final String VERSION =
        versionOf(JmsConnectionMetaData.class.getPackage().getImplementationVersion());

    /**
     * Whether this build speaks Jakarta Messaging 3.1 (the jakarta.jms artifact, whose classes the
     * build transforms from these) rather than JMS 2.0: the API's own package tells.
     */
    private static final boolean JAKARTA = ConnectionMetaData.class.getPackageName().startsWith("jakarta.");

    private JmsConnectionMetaData()
    {
    }

    @Override
    public String getJMSVersion()
    {
        return JAKARTA ? "3.1" : "2.0";
    }

    @Override
    public int getJMSMajorVersion()
    {
        return JAKARTA ? 3 : 2;
    }

    @Override
    public int getJMSMinorVersion()
    {
        return JAKARTA ? 1 : 0;
    }

    @Override
    public String getJMSProviderName()
    {
        return "Wirespeed";
    }

    @Override
    public String getProviderVersion()
    {
        return VERSION;
    }

    @Override
    public int getProviderMajorVersion()
    {
        return part(0);
    }

    @Override
    public int getProviderMinorVersion()
    {
        return part(1);
    }

    @Override
    public Enumeration<String> getJMSXPropertyNames()
    {
        return Collections.enumeration(JMSX_PROPERTY_NAMES);
    }

    private static int part(final int index)
    {
        final String[] parts = VERSION.split("[.-]");
        try
        {
            return parts.length > index ? Integer.parseInt(parts[index]) : 0;
        }
        catch (final NumberFormatException ex)
        {
            return 0;
        }
    }

    private static String versionOf(final String implementationVersion)
    {
        return implementationVersion == null ? "0.1.0" : implementationVersion;
    }
}
