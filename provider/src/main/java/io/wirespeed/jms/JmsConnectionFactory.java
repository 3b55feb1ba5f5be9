package io.wirespeed.jms;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;

import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSContext;
import javax.jms.JMSException;
import javax.jms.JMSRuntimeException;
import javax.jms.QueueConnection;
import javax.jms.QueueConnectionFactory;
import javax.jms.TopicConnection;
import javax.jms.TopicConnectionFactory;
import javax.naming.Reference;
import javax.naming.Referenceable;
import javax.naming.StringRefAddr;

import io.wirespeed.jms.config.ConnectionConfig;
import io.wirespeed.jms.config.ConnectionUri;
import io.wirespeed.jms.connection.JvmFlagCheck;
import io.wirespeed.jms.destination.JmsDestination;
import io.wirespeed.jms.exceptions.JmsExceptions;
import io.wirespeed.jms.runtime.WirespeedRuntime;

/**
 * Wirespeed's connection factory: creates connections configured by one URI (see
 * {@link ConnectionUri}), or by a {@link ConnectionConfig} a program built. Also serves as the topic and queue
 * connection factory. Serializable and
 * Referenceable, so it can be bound in any JNDI directory.
 */
public class JmsConnectionFactory implements ConnectionFactory, QueueConnectionFactory, TopicConnectionFactory,
    Serializable, Referenceable
{
    private static final long serialVersionUID = 1L;

    /** The JNDI reference address type that carries the URI. */
    public static final String URL_ADDRESS_TYPE = "uri";

    private final String uri;
    private transient ConnectionConfig config;
    private final transient WirespeedRuntime runtime;

    /**
     * A factory for the default URI, {@value ConnectionUri#DEFAULT_URI}: an embedded media driver and IPC.
     */
    public JmsConnectionFactory()
    {
        this(ConnectionUri.DEFAULT_URI);
    }

    /**
     * A factory for the given URI, which is parsed at once so that mistakes show here.
     *
     * @param uri a Wirespeed URI such as {@code wirespeed:udp?endpoint=239.1.2.3:40456}.
     * @throws IllegalArgumentException naming the part of the URI to change.
     */
    public JmsConnectionFactory(final String uri)
    {
        this.config = ConnectionUri.parse(uri);
        this.uri = config.uri();
        this.runtime = null;
    }

    /**
     * A factory whose connections are views on a runtime the application holds ({@link WirespeedRuntime#start}),
     * rather than on the JVM's default runtime for the URI's driver settings.
     *
     * @param runtime the runtime; closing it closes the factory's connections, and later ones are refused.
     * @param uri     a Wirespeed URI with the runtime's driver settings; its other options are the factory's.
     * @throws IllegalArgumentException naming the part of the URI to change, or the driver setting that differs
     *                                  from the runtime's.
     */
    public JmsConnectionFactory(final WirespeedRuntime runtime, final String uri)
    {
        this.config = ConnectionUri.parse(uri);
        this.uri = config.uri();
        runtime.checkSettings(config);
        this.runtime = runtime;
    }

    /**
     * A factory for a configuration a program built ({@link ConnectionConfig#builder()}); its URI
     * ({@link #getUri()}, what serialization and JNDI references carry) is the configuration's
     * {@link ConnectionConfig#uri()}.
     *
     * @param config the configuration.
     */
    public JmsConnectionFactory(final ConnectionConfig config)
    {
        if (null == config)
        {
            throw new IllegalArgumentException("config is null: give a ConnectionConfig, e.g. " +
                "ConnectionConfig.builder().build()");
        }
        this.config = config;
        this.uri = config.uri();
        this.runtime = null;
    }

    /**
     * The URI this factory was configured with.
     *
     * @return the URI.
     */
    public String getUri()
    {
        return uri;
    }

    /**
     * The configuration parsed from the URI.
     *
     * @return the configuration.
     */
    public ConnectionConfig config()
    {
        return config;
    }

    @Override
    public Connection createConnection() throws JMSException
    {
        return createConnection(null, null);
    }

    @Override
    public Connection createConnection(final String userName, final String password) throws JMSException
    {
        return connect(userName, password);
    }

    @Override
    public QueueConnection createQueueConnection() throws JMSException
    {
        return createQueueConnection(null, null);
    }

    @Override
    public QueueConnection createQueueConnection(final String userName, final String password) throws JMSException
    {
        return connect(userName, password).restrictTo(MessagingDomain.QUEUE);
    }

    @Override
    public TopicConnection createTopicConnection() throws JMSException
    {
        return createTopicConnection(null, null);
    }

    @Override
    public TopicConnection createTopicConnection(final String userName, final String password) throws JMSException
    {
        return connect(userName, password).restrictTo(MessagingDomain.TOPIC);
    }

    @Override
    public JMSContext createContext()
    {
        return createContext(null, null, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(final int sessionMode)
    {
        return createContext(null, null, sessionMode);
    }

    @Override
    public JMSContext createContext(final String userName, final String password)
    {
        return createContext(userName, password, JMSContext.AUTO_ACKNOWLEDGE);
    }

    @Override
    public JMSContext createContext(final String userName, final String password, final int sessionMode)
    {
        SessionModes.validate(sessionMode);
        try
        {
            return new JmsContext(createConnection(userName, password), sessionMode);
        }
        catch (final JMSException ex)
        {
            throw JmsExceptions.toRuntime(ex);
        }
        catch (final JMSRuntimeException ex)
        {
            throw ex;
        }
    }

    private JmsConnection connect(final String userName, final String password) throws JMSException
    {
        JvmFlagCheck.check();
        return new JmsConnection(null != runtime ? runtime : WirespeedRuntime.shared(config), config, userName,
            password);
    }

    @Override
    public Reference getReference()
    {
        final Reference reference = new Reference(getClass().getName(), JmsDestination.OBJECT_FACTORY, null);
        reference.add(new StringRefAddr(URL_ADDRESS_TYPE, uri));
        return reference;
    }

    private void readObject(final ObjectInputStream in) throws IOException, ClassNotFoundException
    {
        in.defaultReadObject();
        config = ConnectionUri.parse(uri);
    }

    @Override
    public String toString()
    {
        return "JmsConnectionFactory[" + uri + "]";
    }
}
