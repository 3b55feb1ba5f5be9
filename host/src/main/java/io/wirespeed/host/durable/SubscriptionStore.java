package io.wirespeed.host.durable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Properties;

/**
 * Durable subscriptions' state on disk: one small properties file per subscription in a directory
 * beside the archive's recordings ({@code <archive dir>/wirespeed-subscriptions}). A file is
 * replaced whole: written to a temporary file, forced to the disk when {@code sync} is on, then
 * renamed over the old one, so a process killed at any moment leaves the old state or the new one.
 */
public final class SubscriptionStore
{
    private static final System.Logger LOGGER = System.getLogger(SubscriptionStore.class.getName());
    private static final String DIRECTORY_NAME = "wirespeed-subscriptions";

    private final Path directory;
    private final boolean sync;

    /**
     * @param archiveDirectory the archive's directory.
     * @param sync             whether to force each file to the disk before it replaces the old one.
     */
    public SubscriptionStore(final Path archiveDirectory, final boolean sync)
    {
        this.directory = archiveDirectory.resolve(DIRECTORY_NAME);
        this.sync = sync;
        try
        {
            Files.createDirectories(directory);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot create " + directory, ex);
        }
    }

    /**
     * Whether an archive directory holds stored subscriptions (of durable subscriptions or durable queues).
     *
     * @param archiveDirectory the archive's directory.
     * @return true if it holds at least one.
     */
    public static boolean holdsSubscriptions(final Path archiveDirectory)
    {
        final Path directory = archiveDirectory.resolve(DIRECTORY_NAME);
        if (!Files.isDirectory(directory))
        {
            return false;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.properties"))
        {
            return files.iterator().hasNext();
        }
        catch (final IOException ex)
        {
            LOGGER.log(System.Logger.Level.WARNING, "cannot list durable subscriptions in " + directory + ": " + ex);
            return false;
        }
    }

    /** @return where the files are. */
    public Path directory()
    {
        return directory;
    }

    /**
     * Reads every stored subscription; a file that cannot be read is logged and left alone.
     *
     * @return the subscriptions.
     */
    public List<DurableState> loadAll()
    {
        final List<DurableState> states = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.properties"))
        {
            for (final Path file : files)
            {
                try (InputStream in = Files.newInputStream(file))
                {
                    final Properties properties = new Properties();
                    properties.load(in);
                    states.add(DurableState.fromProperties(properties));
                }
                catch (final IOException | RuntimeException ex)
                {
                    LOGGER.log(System.Logger.Level.ERROR, "cannot read durable subscription file " + file + ": " + ex);
                }
            }
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot list " + directory, ex);
        }
        return states;
    }

    /**
     * Replaces a subscription's file with its state now.
     *
     * @param state the state.
     */
    public void save(final DurableState state)
    {
        final Path file = file(state.key());
        final Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try
        {
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            state.toProperties().store(bytes, null);
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE))
            {
                final ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray());
                while (buffer.hasRemaining())
                {
                    channel.write(buffer);
                }
                if (sync)
                {
                    channel.force(true);
                }
            }
            Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot store durable subscription '" + state.key() + "' in " + file, ex);
        }
    }

    /**
     * Deletes a subscription's file.
     *
     * @param key the subscription's key.
     */
    public void delete(final String key)
    {
        try
        {
            Files.deleteIfExists(file(key));
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot delete durable subscription '" + key + "'", ex);
        }
    }

    private Path file(final String key)
    {
        String name = HexFormat.of().formatHex(key.getBytes(StandardCharsets.UTF_8));
        if (name.length() > 128)
        {
            try
            {
                name = "sha256-" + HexFormat.of().formatHex(
                    MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8)));
            }
            catch (final NoSuchAlgorithmException ex)
            {
                throw new IllegalStateException(ex);
            }
        }
        return directory.resolve(name + ".properties");
    }
}
