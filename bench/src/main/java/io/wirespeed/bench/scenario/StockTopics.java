package io.wirespeed.bench.scenario;

import javax.jms.Destination;
import javax.jms.JMSException;
import javax.jms.Session;

/**
 * The destinations of one stock-exchange run: topics, and the orders on a topic or a queue.
 *
 * @param orders      gateway to matching engine.
 * @param trades      trade confirmations back to the gateway.
 * @param confirms    order confirmations back to the gateway.
 * @param quotes      price quotes back to the gateway.
 * @param ordersQueue whether orders go through a queue of that name rather than a topic.
 */
record StockTopics(String orders, String trades, String confirms, String quotes, boolean ordersQueue)
{
    static StockTopics of(final String prefix, final boolean ordersQueue)
    {
        return new StockTopics(prefix + ".orders", prefix + ".trades", prefix + ".confirms", prefix + ".quotes",
            ordersQueue);
    }

    String prefix()
    {
        return orders.substring(0, orders.length() - ".orders".length());
    }

    Destination orders(final Session session) throws JMSException
    {
        return ordersQueue ? session.createQueue(orders) : session.createTopic(orders);
    }
}
