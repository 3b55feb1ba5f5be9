package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportException;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * Everything that configures an {@link AeronTransport} and the media driver behind it, with its
 * defaults and its properties vocabulary in one place. Immutable; build one with {@link #builder()}
 * or read one from properties with {@link Builder#properties(Properties)}.
 * <p>
 * The same vocabulary configures the external driver process ({@code wirespeed-driver}).
 */
public final class AeronTransportConfig
{
    /** Prefix of every property this configuration reads. */
    public static final String PROPERTY_PREFIX = "wirespeed.driver.";
    /** {@code true}: start a media driver inside this JVM; {@code false}: use one already running. */
    public static final String EMBEDDED_PROP = "wirespeed.driver.embedded";
    /** The media driver's directory (its CnC file and log buffers). */
    public static final String DIR_PROP = "wirespeed.driver.dir";
    /** Driver threading: {@code shared}, {@code shared-network} or {@code dedicated}. */
    public static final String THREADING_PROP = "wirespeed.driver.threading";
    /** Idle strategy of the driver's threads, by {@link IdleStrategyKind#propertyName()}. */
    public static final String IDLE_PROP = "wirespeed.driver.idle";
    /** Term length of IPC and UDP publications: a power of two from 64k to 1g. */
    public static final String TERM_LENGTH_PROP = "wirespeed.driver.term.length";
    /** Largest UDP frame, header included: a multiple of 32 up to 65504. */
    public static final String MTU_PROP = "wirespeed.driver.mtu";
    /** How long a UDP publication waits for a subscriber's status before it reports not connected. */
    public static final String PUBLICATION_CONNECTION_TIMEOUT_PROP = "wirespeed.driver.publication.connection.timeout";
    /** How long client and driver wait for each other's heartbeat before declaring the other gone. */
    public static final String TIMEOUT_PROP = "wirespeed.driver.timeout";
    /** Whether a driver deletes its directory before it starts. */
    public static final String DELETE_DIR_ON_START_PROP = "wirespeed.driver.dir.delete.on.start";
    /** Whether a driver deletes its directory when it stops. */
    public static final String DELETE_DIR_ON_STOP_PROP = "wirespeed.driver.dir.delete.on.stop";

    /** Default of {@link #EMBEDDED_PROP}. */
    public static final boolean DEFAULT_EMBEDDED = true;
    /** Default of {@link #THREADING_PROP}: one driver thread, which suits small machines. */
    public static final ThreadingMode DEFAULT_THREADING = ThreadingMode.SHARED;
    /** Default of {@link #IDLE_PROP}. */
    public static final IdleStrategyKind DEFAULT_IDLE = IdleStrategyKind.BACKOFF;
    /** Default of {@link #TERM_LENGTH_PROP}: 16 MiB, so a log buffer takes 48 MiB. */
    public static final int DEFAULT_TERM_LENGTH = 16 * 1024 * 1024;
    /** Default of {@link #MTU_PROP}: fits a 1500-byte Ethernet frame with IP and UDP headers. */
    public static final int DEFAULT_MTU = 1408;
    /** Default of {@link #PUBLICATION_CONNECTION_TIMEOUT_PROP}. */
    public static final Duration DEFAULT_PUBLICATION_CONNECTION_TIMEOUT = Duration.ofSeconds(5);
    /** Default of {@link #TIMEOUT_PROP}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** Default of {@link #DELETE_DIR_ON_START_PROP}. */
    public static final boolean DEFAULT_DELETE_DIR_ON_START = false;
    /** Default of {@link #DELETE_DIR_ON_STOP_PROP}: a stopped driver leaves nothing behind. */
    public static final boolean DEFAULT_DELETE_DIR_ON_STOP = true;

    /** Smallest term length Aeron accepts. */
    public static final int MIN_TERM_LENGTH = 64 * 1024;
    /** Largest term length Aeron accepts. */
    public static final int MAX_TERM_LENGTH = 1024 * 1024 * 1024;
    /** Largest MTU: the largest UDP payload. */
    public static final int MAX_MTU = 65504;

    private final boolean embedded;
    private final String directory;
    private final ThreadingMode threadingMode;
    private final IdleStrategyKind idleStrategy;
    private final int termLength;
    private final int mtu;
    private final Duration publicationConnectionTimeout;
    private final Duration timeout;
    private final boolean deleteDirOnStart;
    private final boolean deleteDirOnStop;
    private final Consumer<TransportException> errorHandler;

    private AeronTransportConfig(final Builder builder)
    {
        embedded = builder.embedded;
        directory = null != builder.directory ? builder.directory : defaultDirectory(builder.embedded);
        threadingMode = builder.threadingMode;
        idleStrategy = builder.idleStrategy;
        termLength = builder.termLength;
        mtu = builder.mtu;
        publicationConnectionTimeout = builder.publicationConnectionTimeout;
        timeout = builder.timeout;
        deleteDirOnStart = builder.deleteDirOnStart;
        deleteDirOnStop = builder.deleteDirOnStop;
        errorHandler = builder.errorHandler;
    }

    /**
     * Starts a configuration from the defaults.
     *
     * @return a builder holding every default.
     */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * The defaults overridden by any {@code wirespeed.driver.*} system properties.
     *
     * @return the configuration.
     * @throws TransportException if a property is unknown or invalid.
     */
    public static AeronTransportConfig fromSystemProperties()
    {
        return builder().properties(System.getProperties()).build();
    }

    /**
     * The directory a driver uses when none is configured: for an external driver Aeron's own
     * default ({@code aeron.dir}, else {@code /dev/shm/aeron-<user>} on Linux), for an embedded one
     * that name with {@code -wirespeed-<pid>} appended so that two JVMs never collide.
     *
     * @param embedded whether the driver is embedded.
     * @return the default directory.
     */
    public static String defaultDirectory(final boolean embedded)
    {
        final String aeronDefault = CommonContext.getAeronDirectoryName();
        return embedded ? aeronDefault + "-wirespeed-" + ProcessHandle.current().pid() : aeronDefault;
    }

    /** @return whether the transport starts its own media driver in this JVM. */
    public boolean embedded()
    {
        return embedded;
    }

    /** @return the media driver's directory. */
    public String directory()
    {
        return directory;
    }

    /** @return the driver's threading mode. */
    public ThreadingMode threadingMode()
    {
        return threadingMode;
    }

    /** @return the driver threads' idle strategy. */
    public IdleStrategyKind idleStrategy()
    {
        return idleStrategy;
    }

    /** @return the term length of publications, in bytes. */
    public int termLength()
    {
        return termLength;
    }

    /** @return the largest UDP frame, in bytes. */
    public int mtu()
    {
        return mtu;
    }

    /** @return how long a UDP publication waits for a subscriber's status messages. */
    public Duration publicationConnectionTimeout()
    {
        return publicationConnectionTimeout;
    }

    /** @return how long client and driver wait for each other's heartbeat. */
    public Duration timeout()
    {
        return timeout;
    }

    /** @return whether a driver deletes its directory before it starts. */
    public boolean deleteDirOnStart()
    {
        return deleteDirOnStart;
    }

    /** @return whether a driver deletes its directory when it stops. */
    public boolean deleteDirOnStop()
    {
        return deleteDirOnStop;
    }

    /** @return receives faults the transport learns of asynchronously (driver gone, channel errors). */
    public Consumer<TransportException> errorHandler()
    {
        return errorHandler;
    }

    /**
     * The settings as one line of {@code property=value} pairs, as printed by the driver.
     *
     * @return a description of this configuration.
     */
    @Override
    public String toString()
    {
        return DIR_PROP + "=" + directory +
            " " + EMBEDDED_PROP + "=" + embedded +
            " " + THREADING_PROP + "=" + threadingName(threadingMode) +
            " " + IDLE_PROP + "=" + idleStrategy.propertyName() +
            " " + TERM_LENGTH_PROP + "=" + termLength +
            " " + MTU_PROP + "=" + mtu +
            " " + PUBLICATION_CONNECTION_TIMEOUT_PROP + "=" + publicationConnectionTimeout.toMillis() + "ms" +
            " " + TIMEOUT_PROP + "=" + timeout.toMillis() + "ms" +
            " " + DELETE_DIR_ON_START_PROP + "=" + deleteDirOnStart +
            " " + DELETE_DIR_ON_STOP_PROP + "=" + deleteDirOnStop;
    }

    static String threadingName(final ThreadingMode mode)
    {
        return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Collects settings, each defaulted, and validates them together in {@link #build()}.
     */
    public static final class Builder
    {
        private boolean embedded = DEFAULT_EMBEDDED;
        private String directory;
        private ThreadingMode threadingMode = DEFAULT_THREADING;
        private IdleStrategyKind idleStrategy = DEFAULT_IDLE;
        private int termLength = DEFAULT_TERM_LENGTH;
        private int mtu = DEFAULT_MTU;
        private Duration publicationConnectionTimeout = DEFAULT_PUBLICATION_CONNECTION_TIMEOUT;
        private Duration timeout = DEFAULT_TIMEOUT;
        private boolean deleteDirOnStart = DEFAULT_DELETE_DIR_ON_START;
        private boolean deleteDirOnStop = DEFAULT_DELETE_DIR_ON_STOP;
        private Consumer<TransportException> errorHandler = Builder::printError;

        private Builder()
        {
        }

        /**
         * Applies every {@code wirespeed.driver.*} entry of the given properties; others are ignored.
         *
         * @param properties e.g. {@link System#getProperties()} or a loaded properties file.
         * @return this builder.
         * @throws TransportException if a {@code wirespeed.driver.*} key is unknown or its value invalid.
         */
        public Builder properties(final Properties properties)
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
         * @param key   one of the {@code *_PROP} names of {@link AeronTransportConfig}.
         * @param value the value as text, e.g. {@code 16m} or {@code 5s}.
         * @return this builder.
         * @throws TransportException if the key is unknown or the value invalid.
         */
        public Builder property(final String key, final String value)
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
                default:
                    throw new TransportException(
                        "unknown setting " + key + ": the " + PROPERTY_PREFIX + "* settings are " + EMBEDDED_PROP +
                        ", " + DIR_PROP + ", " + THREADING_PROP + ", " + IDLE_PROP + ", " + TERM_LENGTH_PROP +
                        ", " + MTU_PROP + ", " + PUBLICATION_CONNECTION_TIMEOUT_PROP + ", " + TIMEOUT_PROP +
                        ", " + DELETE_DIR_ON_START_PROP + ", " + DELETE_DIR_ON_STOP_PROP);
            }
        }

        /**
         * @param embedded {@code true} (default) to start a driver in this JVM, {@code false} to use
         *                 one already running at {@link #directory(String)}.
         * @return this builder.
         */
        public Builder embedded(final boolean embedded)
        {
            this.embedded = embedded;
            return this;
        }

        /**
         * @param directory the driver directory; default {@link AeronTransportConfig#defaultDirectory(boolean)}.
         * @return this builder.
         */
        public Builder directory(final String directory)
        {
            this.directory = directory;
            return this;
        }

        /**
         * @param threadingMode the driver's threading; default {@link ThreadingMode#SHARED}.
         * @return this builder.
         */
        public Builder threadingMode(final ThreadingMode threadingMode)
        {
            if (null == threadingMode)
            {
                throw new NullPointerException(
                    "threadingMode must not be null: pass ThreadingMode.SHARED, SHARED_NETWORK or DEDICATED");
            }
            this.threadingMode = threadingMode;
            return this;
        }

        /**
         * @param idleStrategy the driver threads' idle strategy; default {@link IdleStrategyKind#BACKOFF}.
         * @return this builder.
         */
        public Builder idleStrategy(final IdleStrategyKind idleStrategy)
        {
            if (null == idleStrategy)
            {
                throw new NullPointerException(
                    "idleStrategy must not be null: pass an IdleStrategyKind, e.g. IdleStrategyKind.BACKOFF");
            }
            this.idleStrategy = idleStrategy;
            return this;
        }

        /**
         * @param termLength term length of publications: a power of two from 64 KiB to 1 GiB; default 16 MiB.
         * @return this builder.
         */
        public Builder termLength(final int termLength)
        {
            this.termLength = termLength;
            return this;
        }

        /**
         * @param mtu the largest UDP frame: a multiple of 32 up to 65504; default 1408.
         * @return this builder.
         */
        public Builder mtu(final int mtu)
        {
            this.mtu = mtu;
            return this;
        }

        /**
         * @param timeout how long a UDP publication waits for status messages; default 5 s.
         * @return this builder.
         */
        public Builder publicationConnectionTimeout(final Duration timeout)
        {
            if (null == timeout)
            {
                throw new NullPointerException(
                    "publicationConnectionTimeout must not be null: pass a Duration, e.g. Duration.ofSeconds(5)");
            }
            this.publicationConnectionTimeout = timeout;
            return this;
        }

        /**
         * @param timeout how long client and driver wait for each other's heartbeat; default 10 s.
         * @return this builder.
         */
        public Builder timeout(final Duration timeout)
        {
            if (null == timeout)
            {
                throw new NullPointerException(
                    "timeout must not be null: pass a Duration, e.g. Duration.ofSeconds(10)");
            }
            this.timeout = timeout;
            return this;
        }

        /**
         * @param delete whether a driver deletes its directory before it starts; default false.
         * @return this builder.
         */
        public Builder deleteDirOnStart(final boolean delete)
        {
            this.deleteDirOnStart = delete;
            return this;
        }

        /**
         * @param delete whether a driver deletes its directory when it stops; default true.
         * @return this builder.
         */
        public Builder deleteDirOnStop(final boolean delete)
        {
            this.deleteDirOnStop = delete;
            return this;
        }

        /**
         * @param errorHandler receives asynchronous faults; default prints them to standard error.
         * @return this builder.
         */
        public Builder errorHandler(final Consumer<TransportException> errorHandler)
        {
            if (null == errorHandler)
            {
                throw new NullPointerException(
                    "errorHandler must not be null: pass a Consumer that handles the TransportException");
            }
            this.errorHandler = errorHandler;
            return this;
        }

        /**
         * Validates the settings together and freezes them.
         *
         * @return the configuration.
         * @throws TransportException naming the first invalid setting.
         */
        public AeronTransportConfig build()
        {
            if (termLength < MIN_TERM_LENGTH || termLength > MAX_TERM_LENGTH || Integer.bitCount(termLength) != 1)
            {
                throw new TransportException(
                    TERM_LENGTH_PROP + "=" + termLength + " is not valid: the term length must be a power of two " +
                    "from 64k (65536) to 1g (1073741824), e.g. 16m");
            }
            if (mtu <= 32 || mtu > MAX_MTU || (mtu & 31) != 0)
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
            return new AeronTransportConfig(this);
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
}
