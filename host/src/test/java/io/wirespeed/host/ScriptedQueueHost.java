package io.wirespeed.host;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Function;

import org.agrona.collections.LongArrayList;

import io.wirespeed.codec.control.QueueStreams;
import io.wirespeed.codec.control.sbe.ErrorCode;
import io.wirespeed.transport.MessageHandler;
import io.wirespeed.transport.Transport;
import io.wirespeed.transport.TransportSubscription;

/**
 * A fake queue host for tests of the provider's client side: it speaks the control protocol (the real
 * {@link ControlAdapter} and {@link ClientProxy}) on a transport's queue channel, and answers each request that
 * waits for an answer as the test scripts it: accept, refuse with an error code, answer late, never answer, or die
 * (stop serving, as a killed host does). It holds no queues and delivers nothing. Runs on a thread of its own;
 * scripting is thread safe.
 */
public final class ScriptedQueueHost implements AutoCloseable
{
    /** What the host does with a request that waits for an answer. */
    public interface Answer
    {
        /** @return the answer that accepts the request. */
        static Answer accept()
        {
            return new Reply(null, null, 0);
        }

        /**
         * @param code    the error code.
         * @param message the host's message.
         * @return the answer that refuses the request.
         */
        static Answer refuse(final ErrorCode code, final String message)
        {
            return new Reply(code, message, 0);
        }

        /**
         * @param delayMs how long to wait before answering.
         * @param then    the answer, given then.
         * @return the late answer.
         */
        static Answer late(final long delayMs, final Answer then)
        {
            final Reply reply = (Reply)then;
            return new Reply(reply.code, reply.message, delayMs);
        }

        /** @return the answer that never comes. */
        static Answer drop()
        {
            return Drop.INSTANCE;
        }

        /** @return the answer that stops the host, as a killed host stops. */
        static Answer die()
        {
            return Die.INSTANCE;
        }
    }

    private record Reply(ErrorCode code, String message, long delayMs) implements Answer
    {
    }

    private enum Drop implements Answer
    {
        INSTANCE
    }

    private enum Die implements Answer
    {
        INSTANCE
    }

    private record Pending(HostSession client, long correlationId, Reply reply, long dueNs)
    {
    }

    private final Transport transport;
    private final TransportSubscription control;
    private final MessageHandler adapter = new ControlAdapter(new Listener());
    private final PublicationEgress egress;
    private final ClientProxy proxy;
    private final List<HostSession> clients = new ArrayList<>();
    private final List<Pending> pending = new ArrayList<>();
    private final ConcurrentLinkedQueue<String> requests = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private volatile Function<String, Answer> script = (request) -> Answer.accept();
    private volatile boolean running = true;

    /**
     * Starts serving the queue channel of a transport.
     *
     * @param transport the transport, on the media driver the clients under test use.
     */
    public ScriptedQueueHost(final Transport transport)
    {
        this.transport = transport;
        final HostLimits limits = HostLimits.fromSystemProperties();
        this.egress = new PublicationEgress(transport, () -> limits, System::nanoTime);
        this.proxy = new ClientProxy(egress);
        this.control = transport.addSubscription(QueueHostChannels.IPC, QueueStreams.CONTROL_STREAM);
        this.thread = new Thread(this::run, "scripted-queue-host");
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Scripts the answers: given a request's description (its kind and name, e.g. {@code "subscribe orders"},
     * {@code "unsubscribe client/sub"}, {@code "browse orders"}, {@code "pause"}), what the host does.
     *
     * @param answers the script.
     * @return this host.
     */
    public ScriptedQueueHost answer(final Function<String, Answer> answers)
    {
        this.script = answers;
        return this;
    }

    /** @return the descriptions of every request received so far, in order, including those needing no answer. */
    public List<String> requests()
    {
        return List.copyOf(requests);
    }

    /** @return whether the host still serves (no {@link Answer#die()} came). */
    public boolean isRunning()
    {
        return running;
    }

    private void run()
    {
        while (running)
        {
            int work = control.poll(adapter, QueueHost.FRAGMENT_LIMIT);
            final long nowNs = System.nanoTime();
            final Iterator<Pending> due = pending.iterator();
            while (due.hasNext())
            {
                final Pending next = due.next();
                if (next.dueNs <= nowNs)
                {
                    send(next.client, next.correlationId, next.reply);
                    due.remove();
                    work++;
                }
            }
            work += egress.flush(clients);
            if (work == 0)
            {
                Thread.onSpinWait();
                Thread.yield();
            }
        }
        control.close();
        egress.closeAll();
    }

    private void answer(final HostSession client, final long correlationId, final String request)
    {
        requests.add(request);
        final Answer answer = script.apply(request);
        if (answer instanceof Reply reply)
        {
            if (reply.delayMs == 0)
            {
                send(client, correlationId, reply);
            }
            else
            {
                pending.add(new Pending(client, correlationId, reply, System.nanoTime() + reply.delayMs * 1_000_000L));
            }
        }
        else if (answer == Die.INSTANCE)
        {
            running = false;
        }
    }

    private void send(final HostSession client, final long correlationId, final Reply reply)
    {
        if (reply.code == null)
        {
            proxy.accepted(client, correlationId);
        }
        else
        {
            proxy.refuse(client, correlationId, reply.code, reply.message);
        }
    }

    /** Stops serving, as {@link Answer#die()} does, and waits for the host's thread. */
    @Override
    public void close() throws InterruptedException
    {
        running = false;
        thread.join(5_000);
    }

    /** The scripted answers to each request. */
    private final class Listener implements ControlListener
    {
        @Override
        public HostSession client(final long high, final long low, final int replyStreamId, final boolean udp)
        {
            for (final HostSession client : clients)
            {
                if (client.high == high && client.low == low)
                {
                    return client;
                }
            }
            final HostSession client = new HostSession(clients.size() + 1, high, low, System.nanoTime());
            egress.open(client, replyStreamId);
            clients.add(client);
            return client;
        }

        @Override
        public void onConnect(
            final long high, final long low, final int replyStreamId, final long correlationId,
            final int protocolVersion, final int sessionId, final String user, final String password,
            final boolean udp)
        {
            proxy.connected(client(high, low, replyStreamId, udp), correlationId, 500);
        }

        @Override
        public void onSubscribe(
            final HostSession client, final long consumerId, final int credit, final String queue,
            final String selector)
        {
            answer(client, consumerId, "subscribe " + queue);
        }

        @Override
        public void onSubscribeShared(
            final HostSession client, final long consumerId, final int credit, final String topic,
            final String selector, final String subscription, final String channel, final int streamId)
        {
            answer(client, consumerId, "subscribe shared " + subscription);
        }

        @Override
        public void onSubscribeDurable(
            final HostSession client, final long consumerId, final int credit, final String topic,
            final String selector, final String subscription, final String channel, final int streamId,
            final boolean shared, final boolean noLocal)
        {
            answer(client, consumerId, "subscribe durable " + subscription);
        }

        @Override
        public void onUnsubscribe(final HostSession client, final long correlationId, final String subscription)
        {
            answer(client, correlationId, "unsubscribe " + subscription);
        }

        @Override
        public void onCredit(final HostSession client, final long consumerId, final int credit)
        {
            requests.add("credit");
        }

        @Override
        public void onCommit(
            final HostSession client, final long correlationId, final int sessionId, final long transactionId,
            final int messages, final LongArrayList acknowledgements)
        {
            requests.add("commit");
        }

        @Override
        public void onAcknowledge(final HostSession client, final long consumerId, final long deliveryId)
        {
            requests.add("acknowledge");
        }

        @Override
        public void onResync(
            final HostSession client, final long consumerId, final long lastDeliveryId, final long credit)
        {
            requests.add("resync");
        }

        @Override
        public void onGiveBack(
            final HostSession client, final long consumerId, final long deliveryId, final boolean seen)
        {
            requests.add("give back");
        }

        @Override
        public void onCloseConsumer(final HostSession client, final long consumerId, final boolean keepDeliveries)
        {
            requests.add("close consumer");
        }

        @Override
        public void onPause(final HostSession client, final long consumerId, final long correlationId)
        {
            answer(client, correlationId, "pause");
        }

        @Override
        public void onBrowse(
            final HostSession client, final long correlationId, final String queue, final String selector)
        {
            requests.add("browse " + queue);
            final Answer answer = script.apply("browse " + queue);
            if (answer instanceof Reply reply && reply.code != null)
            {
                proxy.refuse(client, correlationId, reply.code, reply.message);
            }
            else if (answer instanceof Reply)
            {
                proxy.browseEnd(client, correlationId);
            }
            else if (answer == Die.INSTANCE)
            {
                running = false;
            }
        }

        @Override
        public void onCreateTemporaryQueue(final HostSession client, final String queue)
        {
            requests.add("create temporary " + queue);
        }

        @Override
        public void onDeleteTemporaryQueue(final HostSession client, final String queue)
        {
            requests.add("delete temporary " + queue);
        }
    }
}
