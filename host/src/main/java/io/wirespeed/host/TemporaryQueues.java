package io.wirespeed.host;

import io.wirespeed.codec.control.sbe.ErrorCode;

/**
 * The host's temporary queues: each belongs to the connection that created it, which alone consumes from it; it
 * goes when that connection deletes it or goes ({@link HostedQueues#forget}). Used on the host's thread only.
 */
final class TemporaryQueues
{
    private static final System.Logger LOGGER = System.getLogger(QueueHost.class.getName());

    private final HostContext context;
    private final HostedQueues queues;

    /**
     * @param context what the host's parts share.
     * @param queues  the host's queues, where temporary queues are kept.
     */
    TemporaryQueues(final HostContext context, final HostedQueues queues)
    {
        this.context = context;
        this.queues = queues;
    }

    /** See {@link ControlListener#onCreateTemporaryQueue}. */
    void onCreate(final HostSession client, final String name)
    {
        if (queues.queue(name, client, true) == null)
        {
            LOGGER.log(System.Logger.Level.WARNING, "queue host did not create temporary queue '" + name + "': " +
                queues.noQueue(name));
        }
    }

    /** See {@link ControlListener#onDeleteTemporaryQueue}. */
    void onDelete(final HostSession client, final String name)
    {
        final HostedQueue queue = queues.get(name);
        if (queue != null && queue.temporaryOwner == client)
        {
            queues.remove(queue, "was deleted by its connection");
        }
    }

    /**
     * Whether a client may consume from a queue: from a temporary queue only the connection that created it may;
     * any other subscription is refused.
     *
     * @param client     the subscribing client.
     * @param consumerId the consumer's id, for the refusal.
     * @param name       the queue.
     * @return true if it may (the queue is not temporary, or is the client's own).
     */
    boolean mayConsume(final HostSession client, final long consumerId, final String name)
    {
        final HostedQueue queue = queues.get(name);
        if (HostedQueues.isTemporaryName(name) && (queue == null || queue.temporaryOwner != client))
        {
            context.proxy.refuse(client, consumerId, ErrorCode.INVALID_DESTINATION, queue == null ?
                "temporary queue '" + name + "' does not exist (deleted, or its connection closed)" :
                "temporary queue '" + name + "' belongs to another connection");
            return false;
        }
        return true;
    }
}
