package io.wirespeed.transport;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The settings a {@link TransportFactory} connects a transport with, in terms every transport understands:
 * where its driver runs, how its threads work and idle, its term length and MTU, who hears of asynchronous
 * faults. A setting left unset (null, or 0 for sizes) means the transport's own default. Settings only some
 * transports read travel as named {@link #option(String) options}, documented by the transport that reads
 * them (e.g. {@code rdmaVerbs} by the RDMA transport). Filled by one thread, then only read.
 */
public final class TransportContext
{
    private boolean embeddedDriver = true;
    private String driverDirectory;
    private ThreadingMode threadingMode;
    private IdleStrategyKind idleStrategy;
    private Duration driverTimeout;
    private int termLength;
    private int mtu;
    private Consumer<TransportException> errorHandler;
    private boolean ownerRunsClientDuty;
    private final Map<String, String> options = new LinkedHashMap<>();

    /**
     * @param embedded true (the default) for a driver the transport runs inside this JVM, false for one already
     *                 running at {@link #driverDirectory(String)}; transports without a driver ignore it.
     * @return this context.
     */
    public TransportContext embeddedDriver(final boolean embedded)
    {
        this.embeddedDriver = embedded;
        return this;
    }

    /**
     * @param ownerRuns true if whoever connects the transport runs its client's housekeeping from a thread of its
     *                  own ({@link ClientDuty}, the transport's capability), so that the client needs no thread of
     *                  its own and driver events are known as soon as the owner's thread or a call that waits on
     *                  them looks; false (the default) for a client that runs its own thread. Transports without
     *                  such housekeeping ignore it.
     * @return this context.
     */
    public TransportContext ownerRunsClientDuty(final boolean ownerRuns)
    {
        this.ownerRunsClientDuty = ownerRuns;
        return this;
    }

    /** @return whether the owner runs the client's housekeeping ({@link ClientDuty}). */
    public boolean ownerRunsClientDuty()
    {
        return ownerRunsClientDuty;
    }

    /** @return whether the transport runs its driver inside this JVM. */
    public boolean embeddedDriver()
    {
        return embeddedDriver;
    }

    /**
     * @param directory the driver's directory, or null for the transport's default.
     * @return this context.
     */
    public TransportContext driverDirectory(final String directory)
    {
        this.driverDirectory = directory;
        return this;
    }

    /** @return the driver's directory, or null for the transport's default. */
    public String driverDirectory()
    {
        return driverDirectory;
    }

    /**
     * @param threadingMode how the transport's own threads share its work, or null for its default.
     * @return this context.
     */
    public TransportContext threadingMode(final ThreadingMode threadingMode)
    {
        this.threadingMode = threadingMode;
        return this;
    }

    /** @return the threading mode, or null for the transport's default. */
    public ThreadingMode threadingMode()
    {
        return threadingMode;
    }

    /**
     * @param idleStrategy how the transport's own threads wait for work, or null for its default.
     * @return this context.
     */
    public TransportContext idleStrategy(final IdleStrategyKind idleStrategy)
    {
        this.idleStrategy = idleStrategy;
        return this;
    }

    /** @return the idle strategy, or null for the transport's default. */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /**
     * @param timeout how long the transport and its driver wait for each other's heartbeat, or null for the
     *                transport's default.
     * @return this context.
     */
    public TransportContext driverTimeout(final Duration timeout)
    {
        this.driverTimeout = timeout;
        return this;
    }

    /** @return the driver timeout, or null for the transport's default. */
    public Duration driverTimeout()
    {
        return driverTimeout;
    }

    /**
     * @param termLength the term length of new publications in bytes, or 0 for the transport's default.
     * @return this context.
     */
    public TransportContext termLength(final int termLength)
    {
        this.termLength = termLength;
        return this;
    }

    /** @return the term length in bytes, or 0 for the transport's default. */
    public int termLength()
    {
        return termLength;
    }

    /**
     * @param mtu the largest frame in bytes, or 0 for the transport's default.
     * @return this context.
     */
    public TransportContext mtu(final int mtu)
    {
        this.mtu = mtu;
        return this;
    }

    /** @return the largest frame in bytes, or 0 for the transport's default. */
    public int mtu()
    {
        return mtu;
    }

    /**
     * @param errorHandler hears of faults the transport learns of asynchronously, or null for its default.
     * @return this context.
     */
    public TransportContext errorHandler(final Consumer<TransportException> errorHandler)
    {
        this.errorHandler = errorHandler;
        return this;
    }

    /** @return the error handler, or null for the transport's default. */
    public Consumer<TransportException> errorHandler()
    {
        return errorHandler;
    }

    /**
     * Sets a setting only some transports read.
     *
     * @param name  the option's name, as the transport that reads it documents it.
     * @param value its value as text.
     * @return this context.
     */
    public TransportContext option(final String name, final String value)
    {
        options.put(name, value);
        return this;
    }

    /**
     * @param name the option's name.
     * @return its value, or null when it is not set.
     */
    public String option(final String name)
    {
        return options.get(name);
    }

    /** @return every option set, in the order they were set. */
    public Map<String, String> options()
    {
        return Collections.unmodifiableMap(options);
    }

    @Override
    public String toString()
    {
        return "embeddedDriver=" + embeddedDriver + " driverDirectory=" + driverDirectory + " threadingMode=" +
            threadingMode + " idleStrategy=" + idleStrategy + " driverTimeout=" + driverTimeout + " termLength=" +
            termLength + " mtu=" + mtu + " options=" + options;
    }
}
