package io.wirespeed.bench.scenario;

import javax.jms.ConnectionFactory;

import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

import io.wirespeed.jms.JmsConnectionFactory;

/**
 * S8's matching engine on a host of its own ({@link StockExchangeScenario} between hosts, started by
 * {@link io.wirespeed.bench.rig.RemoteSide} on the far host): a {@link MatchingEngine} on one connection until
 * standard input closes; prints {@code READY} once it consumes orders and {@code QUOTES <n>} as it ends.
 * <p>
 * Arguments: {@code <URI> <topic prefix> <symbols> queue|topic} (what the orders come through); the URI is
 * Wirespeed's ({@code wirespeed:...}) or Artemis's
 * ({@code tcp://...}).
 */
public final class MatchingEngineMain
{
    private MatchingEngineMain()
    {
    }

    /**
     * Runs the engine until standard input closes.
     *
     * @param args the URI, the prefix of the run's topics and the number of symbols.
     * @throws Exception if JMS fails; the JVM then exits non-zero.
     */
    public static void main(final String[] args) throws Exception
    {
        final ConnectionFactory factory = args[0].startsWith("tcp://") ?
            new ActiveMQConnectionFactory(args[0]) : new JmsConnectionFactory(args[0]);
        final long quotes;
        final StockTopics names = StockTopics.of(args[1], "queue".equals(args[3]));
        try (MatchingEngine engine = new MatchingEngine(factory, names, Integer.parseInt(args[2])))
        {
            System.out.println("READY engine");
            System.out.flush();
            while (System.in.read() != -1)
            {
                // Nothing is expected on standard input; its end is the signal to stop.
            }
            quotes = engine.quotesSent();
        }
        System.out.println("QUOTES " + quotes);
        System.out.flush();
        System.exit(0);
    }
}
