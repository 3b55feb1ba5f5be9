package io.wirespeed.it.child;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import javax.jms.Message;
import javax.jms.MessageConsumer;
import javax.jms.Session;
import javax.jms.TextMessage;
import javax.jms.Topic;

import io.wirespeed.jms.JmsConnection;
import io.wirespeed.jms.JmsConnectionFactory;
import io.wirespeed.jms.topic.ResolvedTopic;

/**
 * A consumer process on a wildcard topic: prints {@code TOPIC <name>} the first time a message of a topic arrives,
 * after checking that the message names that concrete topic as its {@code JMSDestination} and that its text starts
 * with it, and {@code WRONG <why>} for any message that fails a check (a selector it should have kept out, a topic
 * the pattern does not match).
 * <p>
 * Arguments: {@code <connection URI> <pattern> [<selector>]}; with a selector on {@code even = TRUE} every message
 * must have an even {@code seq}. Prints {@code READY} once consuming. Input lines: {@code RESOLVED <id>} answers
 * {@code RESOLVED <id> [<name>,<name>...]} (the topics the connection's topic resolution knows, sorted); the end of
 * input closes it ({@code CLOSED}, exit 0).
 */
public final class WildcardConsumerMain
{
    private WildcardConsumerMain()
    {
    }

    /**
     * Runs the consumer.
     *
     * @param args connection URI, pattern, optional selector.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final String pattern = args[1];
        final String selector = args.length > 2 ? args[2] : null;
        final String prefix = pattern.substring(0, pattern.length() - 1);
        final Set<String> seen = new TreeSet<>();
        try (JmsConnection connection = (JmsConnection)new JmsConnectionFactory(args[0]).createConnection())
        {
            final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            final MessageConsumer consumer = session.createConsumer(session.createTopic(pattern), selector);
            consumer.setMessageListener(message -> check(message, prefix, selector, seen));
            connection.start();
            Protocol.say("READY");
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)))
            {
                String line;
                while ((line = reader.readLine()) != null)
                {
                    if (line.startsWith("RESOLVED "))
                    {
                        Protocol.say(line + " [" + connection.resolvedTopics().stream().map(ResolvedTopic::name)
                            .sorted().collect(Collectors.joining(",")) + "]");
                    }
                }
            }
        }
        Protocol.say("CLOSED");
        System.exit(0);
    }

    private static void check(final Message message, final String prefix, final String selector, final Set<String> seen)
    {
        try
        {
            final String topic = ((Topic)message.getJMSDestination()).getTopicName();
            if (!topic.startsWith(prefix) || !((TextMessage)message).getText().startsWith(topic + " "))
            {
                Protocol.say("WRONG topic " + topic + " for text " + ((TextMessage)message).getText());
            }
            else if (null != selector && !message.getBooleanProperty("even"))
            {
                Protocol.say("WRONG selector let seq " + message.getLongProperty("seq") + " of " + topic + " in");
            }
            else if (seen.add(topic))
            {
                Protocol.say("TOPIC " + topic);
            }
        }
        catch (final Exception ex)
        {
            Protocol.say("WRONG " + ex);
        }
    }
}
