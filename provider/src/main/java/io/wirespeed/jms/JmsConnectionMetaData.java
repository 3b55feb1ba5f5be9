package io.wirespeed.jms;

import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

import javax.jms.ConnectionMetaData;

/**
 * What a connection says about the provider: JMS 2.0, Wirespeed's version, and the JMSX
 * properties it supports.
 */
public final class JmsConnectionMetaData implements ConnectionMetaData
{
    /** The one instance: the metadata does not vary per connection. */
    public static final JmsConnectionMetaData INSTANCE = new JmsConnectionMetaData();

    /** The JMSX properties this provider supports. */
    public static final List<String> JMSX_PROPERTY_NAMES = List.of("JMSXDeliveryCount", "JMSXGroupID", "JMSXGroupSeq");

    private static final String VERSION = versionOf(JmsConnectionMetaData.class.getPackage().getImplementationVersion());

    private JmsConnectionMetaData()
    {
    }

    @Override
    public String getJMSVersion()
    {
        return "2.0";
    }

    @Override
    public int getJMSMajorVersion()
    {
        return 2;
    }

    @Override
    public int getJMSMinorVersion()
    {
        return 0;
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
