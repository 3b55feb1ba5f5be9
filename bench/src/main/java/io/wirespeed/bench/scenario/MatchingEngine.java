package io.wirespeed.bench.scenario;

import javax.jms.BytesMessage;
import javax.jms.Connection;
import javax.jms.ConnectionFactory;
import javax.jms.JMSException;
import javax.jms.Message;
import javax.jms.MessageListener;
import javax.jms.MessageProducer;
import javax.jms.Session;
import javax.jms.Topic;

import io.wirespeed.bench.peer.JmsMessages;

/**
 * The exchange's matching engine, on a connection of its own (in the step's JVM, or on a host of its own across
 * hosts: {@link MatchingEngineMain}): reads orders, matches them against
 * its {@link OrderBook}, and publishes a trade confirmation (the order traded) or an order
 * confirmation (it rests) carrying the order's intended send time back, and a quote whenever a
 * symbol's best bid or ask moved.
 */
final class MatchingEngine implements MessageListener, AutoCloseable
{
    private final Connection connection;
    private final OrderBook book;
    private final MessageProducer producer;
    private final BytesMessage completion;
    private final BytesMessage quote;
    private final Topic trades;
    private final Topic confirms;
    private final Topic quotes;
    private volatile long quotesSent;

    MatchingEngine(final ConnectionFactory factory, final StockTopics names, final int symbols) throws JMSException
    {
        connection = factory.createConnection();
        final Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        book = new OrderBook(symbols);
        trades = session.createTopic(names.trades());
        confirms = session.createTopic(names.confirms());
        quotes = session.createTopic(names.quotes());
        producer = JmsMessages.fast(session.createProducer(null));
        completion = session.createBytesMessage();
        quote = session.createBytesMessage();
        session.createConsumer(names.orders(session)).setMessageListener(this);
        connection.start();
    }

    @Override
    public void onMessage(final Message message)
    {
        try
        {
            final BytesMessage order = (BytesMessage)message;
            final long intended = order.readLong();
            final long orderId = order.readLong();
            final int symbol = order.readInt();
            final byte side = order.readByte();
            final int price = order.readInt();
            final int quantity = order.readInt();
            final long filled = book.match(symbol, side, price, quantity);
            completion.clearBody();
            completion.writeLong(intended);
            completion.writeLong(orderId);
            completion.writeLong(filled);
            producer.send(filled > 0 ? trades : confirms, completion);
            if (book.refreshTop(symbol))
            {
                quote.clearBody();
                quote.writeInt(symbol);
                quote.writeInt(book.bestBid(symbol));
                quote.writeInt(book.bestAsk(symbol));
                producer.send(quotes, quote);
                quotesSent = quotesSent + 1;
            }
        }
        catch (final JMSException ex)
        {
            throw JmsMessages.fail(ex);
        }
    }

    long quotesSent()
    {
        return quotesSent;
    }

    @Override
    public void close() throws JMSException
    {
        connection.close();
    }
}
