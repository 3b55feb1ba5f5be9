package io.wirespeed.transport.rdma;

import org.agrona.concurrent.Agent;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The one thread of an {@link RdmaTransport} that makes verbs calls on the data path: it runs
 * every publication's sender and subscription's receiver in a duty cycle. Adding and removing
 * duties takes the same lock as a cycle, so a removed duty's resources are released between
 * cycles. A duty that throws is removed and reported rather than stopping the others.
 */
final class RdmaConductor implements Agent
{
    private final List<Duty> duties = new ArrayList<>();
    private final Consumer<String> logger;

    RdmaConductor(final Consumer<String> logger)
    {
        this.logger = logger;
    }

    /** {@inheritDoc} */
    public synchronized int doWork()
    {
        int work = 0;
        for (int i = duties.size() - 1; i >= 0; i--)
        {
            final Duty duty = duties.get(i);
            try
            {
                work += duty.doWork();
            }
            catch (final RuntimeException ex)
            {
                logger.accept("[wirespeed] RDMA conductor: " + ex + "; releasing the failed endpoint");
                remove(duty);
            }
        }
        return work;
    }

    synchronized void add(final Duty duty)
    {
        duties.add(duty);
    }

    synchronized void remove(final Duty duty)
    {
        if (duties.remove(duty))
        {
            duty.close();
        }
    }

    /** {@inheritDoc} */
    public synchronized void onClose()
    {
        for (int i = duties.size() - 1; i >= 0; i--)
        {
            remove(duties.get(i));
        }
    }

    /** {@inheritDoc} */
    public String roleName()
    {
        return "wirespeed-rdma-conductor";
    }
}
