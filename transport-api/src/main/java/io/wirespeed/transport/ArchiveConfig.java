package io.wirespeed.transport;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Settings of the archive that runs beside a media driver and records streams (the persistence service a
 * {@link PersistenceWatch} watches; for Aeron, Aeron Archive): where it stores recordings, how long its
 * segment files are, and how much it keeps (by age and by total size). Immutable; read from
 * {@code wirespeed.archive.*} properties (the driver process) or set by the connection URI (the
 * embedded driver), which is why it lives in the SPI: the provider validates these options when it parses
 * its URI without naming a transport. Defaults fit a developer laptop: the application's own directory under
 * {@code ~/.wirespeed/archive}, 64 MiB segments, at most 24 hours and 1 GiB of recordings.
 */
public final class ArchiveConfig
{
    /** Prefix of the archive's properties. */
    public static final String PROPERTY_PREFIX = "wirespeed.archive.";
    /** Whether the driver process runs an archive. */
    public static final String ENABLED_PROP = "wirespeed.archive.enabled";
    /** Where recordings, the catalog and durable subscriptions' state live. */
    public static final String DIR_PROP = "wirespeed.archive.dir";
    /** Length of one segment file of a recording. */
    public static final String SEGMENT_LENGTH_PROP = "wirespeed.archive.segment.length";
    /** How long recorded data is kept; 0 keeps it regardless of age. */
    public static final String RETENTION_PROP = "wirespeed.archive.retention";
    /** How many bytes of recordings are kept at most; 0 for no limit. */
    public static final String RETENTION_SIZE_PROP = "wirespeed.archive.retention.size";
    /**
     * Whether the archive forces recorded data to the disk (0: no, the OS page cache holds it; 1: data; 2: data and
     * metadata).
     */
    public static final String FILE_SYNC_PROP = "wirespeed.archive.file.sync";
    /**
     * Free space on the archive's disk below which nothing new is recorded: the archive refuses to start a
     * recording, and the queue host stops the recordings it runs (PERSISTENT sends to recorded destinations fail
     * until space returns).
     */
    public static final String MIN_FREE_PROP = "wirespeed.archive.min.free";
    /** Every property of the archive, in the order an unknown one's message lists them. */
    public static final List<String> PROPERTIES = List.of(ENABLED_PROP, DIR_PROP, SEGMENT_LENGTH_PROP, RETENTION_PROP,
        RETENTION_SIZE_PROP, FILE_SYNC_PROP, MIN_FREE_PROP);

    /** Default of {@link #SEGMENT_LENGTH_PROP}: 64 MiB. */
    public static final int DEFAULT_SEGMENT_LENGTH = 64 * 1024 * 1024;
    /** Default of {@link #RETENTION_PROP}: 24 hours. */
    public static final Duration DEFAULT_RETENTION = Duration.ofHours(24);
    /** Default of {@link #RETENTION_SIZE_PROP}: 1 GiB. */
    public static final long DEFAULT_RETENTION_SIZE = 1024L * 1024 * 1024;
    /** Default of {@link #MIN_FREE_PROP}: 128 MiB, Aeron Archive's own low-storage threshold. */
    public static final long DEFAULT_MIN_FREE = 128L * 1024 * 1024;
    /** Smallest {@link #MIN_FREE_PROP}: 1 MiB. */
    public static final long SMALLEST_MIN_FREE = 1024L * 1024;
    /** Smallest segment length Aeron Archive takes. */
    public static final int MIN_SEGMENT_LENGTH = 64 * 1024;
    /** Largest segment length Aeron Archive takes. */
    public static final int MAX_SEGMENT_LENGTH = 1024 * 1024 * 1024;
    private static final int MAX_APPLICATION_NAME = 60;

    private final Path directory;
    private final int segmentLength;
    private final Duration retention;
    private final long retentionSize;
    private final int fileSync;
    private final long minFree;

    private ArchiveConfig(final Builder builder)
    {
        this.directory = builder.directory;
        this.segmentLength = builder.segmentLength;
        this.retention = builder.retention;
        this.retentionSize = builder.retentionSize;
        this.fileSync = builder.fileSync;
        this.minFree = builder.minFree;
    }

    /** @return a builder with every setting at its default. */
    public static Builder builder()
    {
        return new Builder();
    }

    /**
     * The default archive directory, the running application's own: {@code ~/.wirespeed/archive/<application>}
     * (see {@link #applicationName(String, String)}), so that unrelated applications of one user never
     * share recordings or durable subscriptions, and an application restarted the same way finds its own.
     *
     * @return the default archive directory.
     */
    public static Path defaultDirectory()
    {
        return Paths.get(System.getProperty("user.home"), ".wirespeed", "archive",
            applicationName(System.getProperty("sun.java.command", ""), System.getProperty("user.dir", "")));
    }

    /**
     * Names an application by how its JVM was started: the jar's file name without {@code .jar} (for
     * {@code java -jar}) or the main class, then {@code -} and eight hex digits of a hash of the jar's
     * absolute path, or of the working directory and the main class. The same jar, or the same main class
     * run from the same directory, gives the same name; anything else another.
     *
     * @param command          the JVM's command line after the options ({@code sun.java.command}).
     * @param workingDirectory the working directory ({@code user.dir}).
     * @return a name fit for a directory.
     */
    static String applicationName(final String command, final String workingDirectory)
    {
        final String main = command.isBlank() ? "java" : command.trim().split("\\s+")[0];
        final String name;
        final String identity;
        if (main.endsWith(".jar"))
        {
            final Path jar = Paths.get(workingDirectory).resolve(main).toAbsolutePath().normalize();
            final String fileName = jar.getFileName().toString();
            name = fileName.substring(0, fileName.length() - ".jar".length());
            identity = jar.toString();
        }
        else
        {
            name = main;
            identity = workingDirectory + "\n" + main;
        }
        String safe = name.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > MAX_APPLICATION_NAME || safe.isEmpty() || safe.startsWith("."))
        {
            safe = "app_" + safe.substring(Math.max(0, safe.length() - MAX_APPLICATION_NAME));
        }
        return safe + "-" + shortHash(identity);
    }

    private static String shortHash(final String text)
    {
        try
        {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is missing from this JVM", ex);
        }
    }

    /** @return the archive directory. */
    public Path directory()
    {
        return directory;
    }

    /** @return the segment file length in bytes. */
    public int segmentLength()
    {
        return segmentLength;
    }

    /** @return how long recorded data is kept; zero for no age limit. */
    public Duration retention()
    {
        return retention;
    }

    /** @return the most bytes of recordings kept; zero for no limit. */
    public long retentionSize()
    {
        return retentionSize;
    }

    /** @return the archive's file sync level: 0, 1 or 2. */
    public int fileSync()
    {
        return fileSync;
    }

    /** @return the free space on the archive's disk, in bytes, below which nothing new is recorded. */
    public long minFree()
    {
        return minFree;
    }

    @Override
    public String toString()
    {
        return DIR_PROP + "=" + directory + " " + SEGMENT_LENGTH_PROP + "=" + segmentLength + " " +
            RETENTION_PROP + "=" + retention.toSeconds() + "s " + RETENTION_SIZE_PROP + "=" + retentionSize + " " +
            FILE_SYNC_PROP + "=" + fileSync + " " + MIN_FREE_PROP + "=" + minFree;
    }

    /**
     * Parses a duration in the grammar of {@link SettingValues#duration(String, String)}.
     *
     * @param key  the setting, for the message.
     * @param text the value.
     * @return the duration.
     * @throws TransportException if the text is not a duration.
     */
    public static Duration parseDuration(final String key, final String text)
    {
        return SettingValues.duration(key, text);
    }

    /**
     * Parses a size in the grammar of {@link SettingValues#size(String, String)}.
     *
     * @param key  the setting, for the message.
     * @param text the value.
     * @return the size in bytes.
     * @throws TransportException if the text is not a size.
     */
    public static long parseSize(final String key, final String text)
    {
        return SettingValues.size(key, text);
    }

    /**
     * The settings as their properties would give them, in this grammar: what the driver process logs where they
     * differ from the defaults.
     *
     * @return property name to value, in the order of {@link #PROPERTIES} (without {@link #ENABLED_PROP}).
     */
    public Map<String, String> settings()
    {
        final Map<String, String> settings = new LinkedHashMap<>();
        settings.put(DIR_PROP, directory.toString());
        settings.put(SEGMENT_LENGTH_PROP, SettingValues.formatSize(segmentLength));
        settings.put(RETENTION_PROP, SettingValues.formatDuration(retention));
        settings.put(RETENTION_SIZE_PROP, SettingValues.formatSize(retentionSize));
        settings.put(FILE_SYNC_PROP, Integer.toString(fileSync));
        settings.put(MIN_FREE_PROP, SettingValues.formatSize(minFree));
        return settings;
    }

    /**
     * Collects settings, each defaulted, and validates them in {@link #build()}.
     */
    public static final class Builder
    {
        private Path directory = defaultDirectory();
        private int segmentLength = DEFAULT_SEGMENT_LENGTH;
        private Duration retention = DEFAULT_RETENTION;
        private long retentionSize = DEFAULT_RETENTION_SIZE;
        private int fileSync;
        private long minFree = DEFAULT_MIN_FREE;

        private Builder()
        {
        }

        /**
         * Applies every {@code wirespeed.archive.*} entry of the properties except {@link #ENABLED_PROP}.
         *
         * @param properties e.g. the system properties.
         * @return this builder.
         * @throws TransportException if a key is unknown or a value invalid.
         */
        public Builder properties(final Properties properties)
        {
            for (final Map.Entry<Object, Object> entry : properties.entrySet())
            {
                final String key = String.valueOf(entry.getKey());
                if (key.startsWith(PROPERTY_PREFIX) && !ENABLED_PROP.equals(key))
                {
                    property(key, String.valueOf(entry.getValue()));
                }
            }
            return this;
        }

        /**
         * Applies one setting by its property name.
         *
         * @param key   one of the {@code *_PROP} names.
         * @param value the value as text.
         * @return this builder.
         * @throws TransportException if the key is unknown or the value invalid.
         */
        public Builder property(final String key, final String value)
        {
            return switch (key)
            {
                case DIR_PROP -> directory(Paths.get(value.trim()));
                case SEGMENT_LENGTH_PROP -> segmentLength(parseSize(key, value));
                case RETENTION_PROP -> retention(parseDuration(key, value));
                case RETENTION_SIZE_PROP -> retentionSize(parseSize(key, value));
                case FILE_SYNC_PROP -> fileSync(parseFileSync(value));
                case MIN_FREE_PROP -> minFree(parseSize(key, value));
                default -> throw new TransportException("unknown setting " + key + ": the " + PROPERTY_PREFIX +
                    "* settings are " + String.join(", ", PROPERTIES));
            };
        }

        private static int parseFileSync(final String value)
        {
            return switch (value.trim())
            {
                case "0" -> 0;
                case "1" -> 1;
                case "2" -> 2;
                default -> throw new TransportException(FILE_SYNC_PROP + "='" + value + "' must be 0 (the OS " +
                    "page cache holds recorded data: survives a killed process), 1 (force data to disk) or 2 (data " +
                    "and metadata)");
            };
        }

        /**
         * @param directory where the archive stores its files.
         * @return this builder.
         */
        public Builder directory(final Path directory)
        {
            this.directory = directory;
            return this;
        }

        /**
         * @param segmentLength segment file length: a power of two, 64 KiB to 1 GiB.
         * @return this builder.
         */
        public Builder segmentLength(final long segmentLength)
        {
            if (segmentLength < MIN_SEGMENT_LENGTH || segmentLength > MAX_SEGMENT_LENGTH ||
                Long.bitCount(segmentLength) != 1)
            {
                throw new TransportException(SEGMENT_LENGTH_PROP + "=" + segmentLength + " must be a power of two " +
                    "between 64k and 1g");
            }
            this.segmentLength = (int)segmentLength;
            return this;
        }

        /**
         * @param retention how long recorded data is kept; zero for no age limit.
         * @return this builder.
         */
        public Builder retention(final Duration retention)
        {
            if (retention.isNegative())
            {
                throw new TransportException(RETENTION_PROP + " must not be negative");
            }
            this.retention = retention;
            return this;
        }

        /**
         * @param retentionSize the most bytes of recordings kept; zero for no limit.
         * @return this builder.
         */
        public Builder retentionSize(final long retentionSize)
        {
            if (retentionSize < 0)
            {
                throw new TransportException(RETENTION_SIZE_PROP + " must not be negative");
            }
            this.retentionSize = retentionSize;
            return this;
        }

        /**
         * @param fileSync 0, 1 or 2; see {@link #FILE_SYNC_PROP}.
         * @return this builder.
         */
        public Builder fileSync(final int fileSync)
        {
            this.fileSync = fileSync;
            return this;
        }

        /**
         * @param minFree the free space on the archive's disk, in bytes (at least 1 MiB), below which nothing new
         *                is recorded; see {@link #MIN_FREE_PROP}.
         * @return this builder.
         */
        public Builder minFree(final long minFree)
        {
            if (minFree < SMALLEST_MIN_FREE)
            {
                throw new TransportException(MIN_FREE_PROP + "=" + minFree + " must be at least 1m: the archive " +
                    "needs room for its catalog and the segment it is writing when recording stops");
            }
            this.minFree = minFree;
            return this;
        }

        /** @return the configuration. */
        public ArchiveConfig build()
        {
            if (directory == null)
            {
                throw new TransportException(DIR_PROP + " must name a directory");
            }
            return new ArchiveConfig(this);
        }
    }
}
