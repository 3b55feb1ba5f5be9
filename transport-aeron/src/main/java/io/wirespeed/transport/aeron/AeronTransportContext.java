package io.wirespeed.transport.aeron;

import static io.wirespeed.transport.aeron.AeronTransportConfiguration.DELETE_DIR_ON_START_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.DELETE_DIR_ON_STOP_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.DIR_GROUP_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.DIR_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.EMBEDDED_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.IDLE_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.MTU_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.PROPERTY_PREFIX;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.PUBLICATION_CONNECTION_TIMEOUT_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.TERM_LENGTH_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.THREADING_PROP;
import static io.wirespeed.transport.aeron.AeronTransportConfiguration.TIMEOUT_PROP;

import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.SettingValues;
import io.wirespeed.transport.TransportException;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * The settings of one {@link AeronTransport} and of the media driver behind it, in the manner of Aeron's
 * {@code MediaDriver.Context}: every setting starts at its {@link AeronTransportConfiguration} default, is
 * changed by a setter or by its {@code wirespeed.driver.*} property ({@link #properties(Properties)}), and
 * {@link #conclude()} validates them together once and resolves what depends on others (the directory).
 * A concluded context takes no more changes; {@link AeronTransport#connect(AeronTransportContext)} and
 * {@link MediaDriverLauncher} conclude the context they are given. Not thread safe until concluded.
 */
public final class AeronTransportContext
{
    private boolean concluded;
    private boolean embedded = AeronTransportConfiguration.DEFAULT_EMBEDDED;
    private String directory;
    private ThreadingMode threadingMode = AeronTransportConfiguration.DEFAULT_THREADING;
    private IdleStrategyKind idleStrategy = AeronTransportConfiguration.DEFAULT_IDLE;
    private int termLength = AeronTransportConfiguration.DEFAULT_TERM_LENGTH;
    private int mtu = AeronTransportConfiguration.DEFAULT_MTU;
    private Duration publicationConnectionTimeout = AeronTransportConfiguration.DEFAULT_PUBLICATION_CONNECTION_TIMEOUT;
    private Duration timeout = AeronTransportConfiguration.DEFAULT_TIMEOUT;
    private boolean deleteDirOnStart = AeronTransportConfiguration.DEFAULT_DELETE_DIR_ON_START;
    private boolean deleteDirOnStop = AeronTransportConfiguration.DEFAULT_DELETE_DIR_ON_STOP;
    private String directoryGroup = DirectoryPermissions.configuredGroup();
    private Consumer<TransportException> errorHandler = AeronTransportContext::printError;

    /**
     * Applies every {@code wirespeed.driver.*} entry of the given properties; others are ignored.
     *
     * @param properties e.g. {@link System#getProperties()} or a loaded properties file.
     * @return this context.
     * @throws TransportException if a {@code wirespeed.driver.*} key is unknown or its value invalid.
     */
    public AeronTransportContext properties(final Properties properties)
    {
        for (final Map.Entry<Object, Object> entry : properties.entrySet())
        {
            final String key = String.valueOf(entry.getKey());
            if (key.startsWith(PROPERTY_PREFIX))
            {
                property(key, String.valueOf(entry.getValue()));
            }
        }
        return this;
    }

    /**
     * Applies one setting given by its property name.
     *
     * @param key   one of the {@code *_PROP} names of {@link AeronTransportConfiguration}.
     * @param value the value as text, e.g. {@code 16m} or {@code 5s}.
     * @return this context.
     * @throws TransportException if the key is unknown or the value invalid.
     */
    public AeronTransportContext property(final String key, final String value)
    {
        final String text = value.trim();
        switch (key)
        {
            case EMBEDDED_PROP:
                return embedded(PropertyValues.parseBoolean(key, text));
            case DIR_PROP:
                return directory(text);
            case THREADING_PROP:
                return threadingMode(PropertyValues.parseThreading(text));
            case IDLE_PROP:
                return idleStrategy(IdleStrategyKind.byPropertyName(text, key));
            case TERM_LENGTH_PROP:
                return termLength(PropertyValues.parseSize(key, text));
            case MTU_PROP:
                return mtu(PropertyValues.parseSize(key, text));
            case PUBLICATION_CONNECTION_TIMEOUT_PROP:
                return publicationConnectionTimeout(PropertyValues.parseDuration(key, text));
            case TIMEOUT_PROP:
                return timeout(PropertyValues.parseDuration(key, text));
            case DELETE_DIR_ON_START_PROP:
                return deleteDirOnStart(PropertyValues.parseBoolean(key, text));
            case DELETE_DIR_ON_STOP_PROP:
                return deleteDirOnStop(PropertyValues.parseBoolean(key, text));
            case DIR_GROUP_PROP:
                return directoryGroup(text.isEmpty() ? null : text);
            default:
                throw new TransportException("unknown setting " + key + ": the " + PROPERTY_PREFIX + "* settings are " +
                    String.join(", ", AeronTransportConfiguration.PROPERTIES));
        }
    }

    /**
     * Validates the settings together, once, and resolves the directory's default; later calls do nothing.
     *
     * @return this context, which takes no more changes.
     * @throws TransportException naming the first invalid setting.
     */
    public AeronTransportContext conclude()
    {
        if (concluded)
        {
            return this;
        }
        if (termLength < AeronTransportConfiguration.MIN_TERM_LENGTH ||
            termLength > AeronTransportConfiguration.MAX_TERM_LENGTH || Integer.bitCount(termLength) != 1)
        {
            throw new TransportException(
                TERM_LENGTH_PROP + "=" + termLength + " is not valid: the term length must be a power of two " +
                "from 64k (65536) to 1g (1073741824), e.g. 16m");
        }
        if (mtu <= 32 || mtu > AeronTransportConfiguration.MAX_MTU || (mtu & 31) != 0)
        {
            throw new TransportException(
                MTU_PROP + "=" + mtu + " is not valid: the MTU must be a multiple of 32 greater than 32 and at " +
                "most 65504, e.g. 1408 for a 1500-byte Ethernet network");
        }
        if (null != directory && directory.isBlank())
        {
            throw new TransportException(DIR_PROP + " is empty: name a directory, e.g. /dev/shm/wirespeed");
        }
        requirePositive(PUBLICATION_CONNECTION_TIMEOUT_PROP, publicationConnectionTimeout);
        requirePositive(TIMEOUT_PROP, timeout);
        if (null == directory)
        {
            directory = AeronTransportConfiguration.defaultDirectory(embedded);
        }
        concluded = true;
        return this;
    }

    /** @return whether {@link #conclude()} has validated this context. */
    public boolean isConcluded()
    {
        return concluded;
    }

    /**
     * @param embedded {@code true} (default) to start a driver in this JVM, {@code false} to use
     *                 one already running at {@link #directory(String)}.
     * @return this context.
     */
    public AeronTransportContext embedded(final boolean embedded)
    {
        checkOpen();
        this.embedded = embedded;
        return this;
    }

    /** @return whether the transport starts its own media driver in this JVM. */
    public boolean embedded()
    {
        return embedded;
    }

    /**
     * @param directory the driver directory; default {@link AeronTransportConfiguration#defaultDirectory(boolean)}.
     * @return this context.
     */
    public AeronTransportContext directory(final String directory)
    {
        checkOpen();
        this.directory = directory;
        return this;
    }

    /** @return the media driver's directory; null until concluded when none was set. */
    public String directory()
    {
        return directory;
    }

    /**
     * @param threadingMode the driver's threading; default {@link ThreadingMode#SHARED}.
     * @return this context.
     */
    public AeronTransportContext threadingMode(final ThreadingMode threadingMode)
    {
        checkOpen();
        if (null == threadingMode)
        {
            throw new NullPointerException(
                "threadingMode must not be null: pass ThreadingMode.SHARED, SHARED_NETWORK or DEDICATED");
        }
        this.threadingMode = threadingMode;
        return this;
    }

    /** @return the driver's threading mode. */
    public ThreadingMode threadingMode()
    {
        return threadingMode;
    }

    /**
     * @param idleStrategy the driver threads' idle strategy; default {@link IdleStrategyKind#BACKOFF}.
     * @return this context.
     */
    public AeronTransportContext idleStrategy(final IdleStrategyKind idleStrategy)
    {
        checkOpen();
        if (null == idleStrategy)
        {
            throw new NullPointerException(
                "idleStrategy must not be null: pass an IdleStrategyKind, e.g. IdleStrategyKind.BACKOFF");
        }
        this.idleStrategy = idleStrategy;
        return this;
    }

    /** @return the driver threads' idle strategy. */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /**
     * @param termLength term length of publications: a power of two from 64 KiB to 1 GiB; default 16 MiB.
     * @return this context.
     */
    public AeronTransportContext termLength(final int termLength)
    {
        checkOpen();
        this.termLength = termLength;
        return this;
    }

    /** @return the term length of publications, in bytes. */
    public int termLength()
    {
        return termLength;
    }

    /**
     * @param mtu the largest UDP frame: a multiple of 32 up to 65504; default 1408.
     * @return this context.
     */
    public AeronTransportContext mtu(final int mtu)
    {
        checkOpen();
        this.mtu = mtu;
        return this;
    }

    /** @return the largest UDP frame, in bytes. */
    public int mtu()
    {
        return mtu;
    }

    /**
     * @param timeout how long a UDP publication waits for status messages; default 5 s.
     * @return this context.
     */
    public AeronTransportContext publicationConnectionTimeout(final Duration timeout)
    {
        checkOpen();
        if (null == timeout)
        {
            throw new NullPointerException(
                "publicationConnectionTimeout must not be null: pass a Duration, e.g. Duration.ofSeconds(5)");
        }
        this.publicationConnectionTimeout = timeout;
        return this;
    }

    /** @return how long a UDP publication waits for a subscriber's status messages. */
    public Duration publicationConnectionTimeout()
    {
        return publicationConnectionTimeout;
    }

    /**
     * @param timeout how long client and driver wait for each other's heartbeat; default 10 s.
     * @return this context.
     */
    public AeronTransportContext timeout(final Duration timeout)
    {
        checkOpen();
        if (null == timeout)
        {
            throw new NullPointerException("timeout must not be null: pass a Duration, e.g. Duration.ofSeconds(10)");
        }
        this.timeout = timeout;
        return this;
    }

    /** @return how long client and driver wait for each other's heartbeat. */
    public Duration timeout()
    {
        return timeout;
    }

    /**
     * @param delete whether a driver deletes its directory before it starts; default false.
     * @return this context.
     */
    public AeronTransportContext deleteDirOnStart(final boolean delete)
    {
        checkOpen();
        this.deleteDirOnStart = delete;
        return this;
    }

    /** @return whether a driver deletes its directory before it starts. */
    public boolean deleteDirOnStart()
    {
        return deleteDirOnStart;
    }

    /**
     * @param delete whether a driver deletes its directory when it stops; default true.
     * @return this context.
     */
    public AeronTransportContext deleteDirOnStop(final boolean delete)
    {
        checkOpen();
        this.deleteDirOnStop = delete;
        return this;
    }

    /** @return whether a driver deletes its directory when it stops. */
    public boolean deleteDirOnStop()
    {
        return deleteDirOnStop;
    }

    /**
     * @param errorHandler receives asynchronous faults; default prints them to standard error.
     * @return this context.
     */
    public AeronTransportContext errorHandler(final Consumer<TransportException> errorHandler)
    {
        checkOpen();
        if (null == errorHandler)
        {
            throw new NullPointerException(
                "errorHandler must not be null: pass a Consumer that handles the TransportException");
        }
        this.errorHandler = errorHandler;
        return this;
    }

    /** @return receives faults the transport learns of asynchronously (driver gone, channel errors). */
    public Consumer<TransportException> errorHandler()
    {
        return errorHandler;
    }

    /**
     * The settings as one line of {@code property=value} pairs, as printed by the driver.
     *
     * @return a description of this context.
     */
    @Override
    public String toString()
    {
        return DIR_PROP + "=" + directory +
            " " + EMBEDDED_PROP + "=" + embedded +
            " " + THREADING_PROP + "=" + AeronTransportConfiguration.threadingName(threadingMode) +
            " " + IDLE_PROP + "=" + idleStrategy.propertyName() +
            " " + TERM_LENGTH_PROP + "=" + termLength +
            " " + MTU_PROP + "=" + mtu +
            " " + PUBLICATION_CONNECTION_TIMEOUT_PROP + "=" + publicationConnectionTimeout.toMillis() + "ms" +
            " " + TIMEOUT_PROP + "=" + timeout.toMillis() + "ms" +
            " " + DELETE_DIR_ON_START_PROP + "=" + deleteDirOnStart +
            " " + DELETE_DIR_ON_STOP_PROP + "=" + deleteDirOnStop +
            (null == directoryGroup ? "" : " " + DIR_GROUP_PROP + "=" + directoryGroup);
    }

    /**
     * The settings as their {@code wirespeed.driver.*} properties would give them, sizes and durations in the
     * grammar of {@link SettingValues}: what the driver process logs where they differ from the defaults.
     *
     * @return property name to value, in the order of {@link AeronTransportConfiguration#PROPERTIES}; the directory
     *         is null until concluded when none was set, the group only when one is.
     */
    public Map<String, String> settings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(EMBEDDED_PROP, Boolean.toString(embedded));
        settings.put(DIR_PROP, directory);
        settings.put(THREADING_PROP, AeronTransportConfiguration.threadingName(threadingMode));
        settings.put(IDLE_PROP, idleStrategy.propertyName());
        settings.put(TERM_LENGTH_PROP, SettingValues.formatSize(termLength));
        settings.put(MTU_PROP, SettingValues.formatSize(mtu));
        settings.put(PUBLICATION_CONNECTION_TIMEOUT_PROP, SettingValues.formatDuration(publicationConnectionTimeout));
        settings.put(TIMEOUT_PROP, SettingValues.formatDuration(timeout));
        settings.put(DELETE_DIR_ON_START_PROP, Boolean.toString(deleteDirOnStart));
        settings.put(DELETE_DIR_ON_STOP_PROP, Boolean.toString(deleteDirOnStop));
        if (null != directoryGroup)
        {
            settings.put(DIR_GROUP_PROP, directoryGroup);
        }
        return settings;
    }

    /**
     * @param group the group that may read the driver's directory (0750, files 0640); null (the default unless the
     *              system property {@value AeronTransportConfiguration#DIR_GROUP_PROP} names one) for owner-only.
     * @return this context.
     */
    public AeronTransportContext directoryGroup(final String group)
    {
        checkOpen();
        this.directoryGroup = group;
        return this;
    }

    /** @return the group that may read the driver's directory, or null when it is the owner's alone. */
    public String directoryGroup()
    {
        return directoryGroup;
    }

    private void checkOpen()
    {
        if (concluded)
        {
            throw new IllegalStateException("this AeronTransportContext is concluded and takes no more changes: " +
                "make a new one");
        }
    }

    private static void requirePositive(final String key, final Duration value)
    {
        if (value.isZero() || value.isNegative())
        {
            throw new TransportException(key + "=" + value + " is not valid: the timeout must be positive");
        }
    }

    private static void printError(final TransportException ex)
    {
        System.err.println("wirespeed transport: " + ex.getMessage());
    }
}
