package io.wirespeed.jms.destination;

import java.io.Serializable;

import javax.jms.Destination;
import javax.jms.InvalidDestinationException;
import javax.jms.JMSException;
import javax.jms.Queue;
import javax.jms.Topic;
import javax.naming.NamingException;
import javax.naming.Reference;
import javax.naming.Referenceable;
import javax.naming.StringRefAddr;

import io.wirespeed.codec.DestinationKind;
import io.wirespeed.codec.TopicHash;
import io.wirespeed.codec.Utf8;
import io.wirespeed.codec.Utf8String;
import io.wirespeed.codec.control.QueueStreams;

/**
 * A named topic or queue. Destinations are values: two destinations of the same kind and name are
 * equal. Serializable and Referenceable so that they can be bound in any JNDI directory.
 */
public abstract class JmsDestination implements Destination, Serializable, Referenceable, Comparable<JmsDestination>
{
    private static final long serialVersionUID = 1L;

    /** The JNDI reference address type that carries the destination name. */
    public static final String NAME_ADDRESS_TYPE = "name";

    /**
     * The class name of the JNDI {@code ObjectFactory} that destinations' and connection factories' references
     * name: {@code io.wirespeed.jms.jndi.JmsObjectFactory}, named by its text so that the JMS objects do not
     * depend on the JNDI package that depends on them.
     */
    public static final String OBJECT_FACTORY = "io.wirespeed.jms.jndi.JmsObjectFactory";

    private final String name;
    private transient int topicHash;
    private transient boolean topicHashKnown;
    private transient Utf8String utf8Name;

    /**
     * @param name the destination name, neither null nor empty.
     */
    protected JmsDestination(final String name)
    {
        if (null == name)
        {
            throw new NullPointerException("destination name must not be null: pass the topic or queue name");
        }
        this.name = name;
    }

    /**
     * Wirespeed's own form of any destination: itself if it is one, else a topic or queue of the same name.
     *
     * @param destination a destination, possibly from another provider; not null.
     * @return the equivalent Wirespeed destination.
     * @throws InvalidDestinationException if it is neither a topic nor a queue, or has no name.
     */
    public static JmsDestination of(final Destination destination) throws JMSException
    {
        if (destination instanceof JmsDestination)
        {
            return (JmsDestination)destination;
        }
        if (destination instanceof Topic)
        {
            return new JmsTopic(checkName(((Topic)destination).getTopicName(), "topic"));
        }
        if (destination instanceof Queue)
        {
            return new JmsQueue(checkName(((Queue)destination).getQueueName(), "queue"));
        }
        throw new InvalidDestinationException(
            "destination " + destination + " is neither a Topic nor a Queue: create it with session.createTopic");
    }

    /**
     * Checks a destination the application gave a session or producer, and converts a foreign one.
     *
     * @param destination the destination.
     * @param nullAllowed whether null (an anonymous producer) is allowed.
     * @return the destination as Wirespeed's own, or null when allowed and given.
     * @throws InvalidDestinationException if it is null where not allowed, or of an unknown kind.
     */
    public static JmsDestination ofGiven(final Destination destination, final boolean nullAllowed)
        throws JMSException
    {
        if (destination == null)
        {
            if (nullAllowed)
            {
                return null;
            }
            throw new InvalidDestinationException("the destination must not be null");
        }
        return of(destination);
    }

    /**
     * Checks a destination name.
     *
     * @param name the name.
     * @param kind "topic" or "queue", for the message.
     * @return the name.
     * @throws InvalidDestinationException if it is null or blank, or longer than
     *                                     {@link QueueStreams#MAX_TEXT_BYTES} bytes of UTF-8.
     */
    public static String checkName(final String name, final String kind) throws InvalidDestinationException
    {
        if (name == null || name.isBlank())
        {
            throw new InvalidDestinationException("a " + kind + " name must not be null or empty");
        }
        if (name.length() > QueueStreams.MAX_TEXT_BYTES / 3 && Utf8.encodedLength(name) > QueueStreams.MAX_TEXT_BYTES)
        {
            throw new InvalidDestinationException("a " + kind + " name is at most " + QueueStreams.MAX_TEXT_BYTES +
                " bytes of UTF-8; '" + name.substring(0, 40) + "...' is " + Utf8.encodedLength(name) + ": shorten it");
        }
        return name;
    }

    /**
     * The destination's name as the application gave it.
     *
     * @return the name.
     */
    public String name()
    {
        return name;
    }

    /**
     * The name's UTF-8 bytes, encoded once, for comparing with names read from envelopes.
     *
     * @return the encoded name.
     */
    public Utf8String utf8Name()
    {
        Utf8String encoded = utf8Name;
        if (null == encoded)
        {
            encoded = new Utf8String(name);
            utf8Name = encoded;
        }
        return encoded;
    }

    /**
     * The {@link TopicHash} of the name, which envelopes carry for receivers to dispatch on; computed once.
     *
     * @return the hash.
     */
    public int topicHash()
    {
        if (!topicHashKnown)
        {
            topicHash = TopicHash.of(name);
            topicHashKnown = true;
        }
        return topicHash;
    }

    /**
     * The kind of this destination as it travels in the envelope.
     *
     * @return the kind.
     */
    public abstract DestinationKind kind();

    /**
     * Whether this is a temporary destination, owned by the connection that created it.
     *
     * @return true for temporary queues and topics.
     */
    public boolean isTemporary()
    {
        final DestinationKind kind = kind();
        return kind == DestinationKind.TEMPORARY_QUEUE || kind == DestinationKind.TEMPORARY_TOPIC;
    }

    /**
     * Whether this is a topic (temporary or not).
     *
     * @return true for topics.
     */
    public boolean isTopic()
    {
        final DestinationKind kind = kind();
        return kind == DestinationKind.TOPIC || kind == DestinationKind.TEMPORARY_TOPIC;
    }

    @Override
    public Reference getReference() throws NamingException
    {
        final Reference reference = new Reference(getClass().getName(), OBJECT_FACTORY, null);
        reference.add(new StringRefAddr(NAME_ADDRESS_TYPE, name));
        return reference;
    }

    @Override
    public int compareTo(final JmsDestination other)
    {
        final int byKind = kind().compareTo(other.kind());
        return byKind != 0 ? byKind : name.compareTo(other.name);
    }

    @Override
    public boolean equals(final Object other)
    {
        if (this == other)
        {
            return true;
        }
        if (!(other instanceof JmsDestination))
        {
            return false;
        }
        final JmsDestination that = (JmsDestination)other;
        return kind() == that.kind() && name.equals(that.name);
    }

    @Override
    public int hashCode()
    {
        return kind().hashCode() * 31 + name.hashCode();
    }

    @Override
    public String toString()
    {
        return name;
    }
}
