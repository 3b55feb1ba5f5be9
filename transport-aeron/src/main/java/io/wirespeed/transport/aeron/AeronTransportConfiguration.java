package io.wirespeed.transport.aeron;

import io.aeron.CommonContext;
import io.aeron.driver.ThreadingMode;
import io.wirespeed.transport.IdleStrategyKind;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The {@code wirespeed.driver.*} vocabulary of the Aeron transport and the media driver behind it: every
 * property name, its default and its limits, in the manner of Aeron's {@code MediaDriver.Configuration}.
 * Values are given to an {@link AeronTransportContext}, which validates them once when it concludes. The
 * same vocabulary configures the external driver process ({@code wirespeed-driver}).
 */
public final class AeronTransportConfiguration
{
    /** Prefix of every property this vocabulary names. */
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
    /**
     * The group that may read the driver's and the archive's directories (then 0750, files 0640); unset, they are
     * the owner's alone (0700, files 0600).
     */
    public static final String DIR_GROUP_PROP = "wirespeed.driver.dir.group";
    /** Every property of the vocabulary, in the order an unknown one's message lists them. */
    public static final List<String> PROPERTIES = List.of(EMBEDDED_PROP, DIR_PROP, THREADING_PROP, IDLE_PROP,
        TERM_LENGTH_PROP, MTU_PROP, PUBLICATION_CONNECTION_TIMEOUT_PROP, TIMEOUT_PROP, DELETE_DIR_ON_START_PROP,
        DELETE_DIR_ON_STOP_PROP, DIR_GROUP_PROP);

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

    private AeronTransportConfiguration()
    {
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

    /**
     * The name a threading mode has in {@link #THREADING_PROP}.
     *
     * @param mode the mode.
     * @return e.g. {@code shared-network}.
     */
    public static String threadingName(final ThreadingMode mode)
    {
        return mode.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
