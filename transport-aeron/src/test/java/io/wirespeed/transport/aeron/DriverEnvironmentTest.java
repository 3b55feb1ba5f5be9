package io.wirespeed.transport.aeron;

import io.aeron.driver.MediaDriver;
import io.wirespeed.test.DriverDirectories;
import io.wirespeed.test.SmallDisk;
import io.wirespeed.transport.TransportException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A driver directory or filesystem that cannot serve, and a driver that is missing or already
 * running, each give a TransportException naming the setting to change.
 */
class DriverEnvironmentTest
{
    @TempDir
    Path temp;

    private SmallDisk disk;

    @AfterEach
    void unmount() throws Exception
    {
        if (null != disk)
        {
            disk.close();
        }
    }

    @Test
    void rejectsADriverDirectoryInsideARegularFile() throws IOException
    {
        final Path file = Files.createFile(temp.resolve("not-a-directory"));
        final String directory = file.resolve("aeron").toString();

        final TransportException ex = assertThrows(TransportException.class, () -> connectEmbedded(directory, 1 << 16));

        assertTrue(ex.getMessage().contains("is a file, not a directory"), ex.getMessage());
        assertTrue(ex.getMessage().contains(AeronTransportConfiguration.DIR_PROP), ex.getMessage());
    }

    @Test
    void rejectsADriverDirectoryThatCannotBeCreated()
    {
        final String directory = "/proc/wirespeed-cannot-exist/aeron";

        final TransportException ex = assertThrows(TransportException.class, () -> connectEmbedded(directory, 1 << 16));

        assertTrue(ex.getMessage().contains("driver directory " + directory + " cannot be used"), ex.getMessage());
        assertTrue(ex.getMessage().contains(AeronTransportConfiguration.DIR_PROP), ex.getMessage());
        assertFalse(new File(directory).exists());
    }

    @Test
    void rejectsAFilesystemTooSmallForTheControlFilesAndOneLogBuffer() throws Exception
    {
        final String directory = mountTmpfs("1m").resolve("aeron").toString();

        final TransportException ex = assertThrows(TransportException.class, () -> connectEmbedded(directory, 1 << 16));

        assertTrue(ex.getMessage().contains("bytes free but the media driver needs at least"), ex.getMessage());
        assertTrue(ex.getMessage().contains(AeronTransportConfiguration.TERM_LENGTH_PROP), ex.getMessage());
        assertFalse(new File(directory).exists(), "nothing is created when the check fails");
    }

    @Test
    void reportsAPublicationWhoseLogBufferDoesNotFitTheFilesystem() throws Exception
    {
        final String directory = mountTmpfs("80m").resolve("aeron").toString();

        try (AeronTransport transport = connectEmbedded(directory, 1 << 16))
        {
            final TransportException ex = assertThrows(
                TransportException.class, () -> transport.addPublication("aeron:ipc?term-length=64m", 7));

            assertTrue(ex.getMessage().contains("not enough free space in driver directory"), ex.getMessage());
            assertTrue(ex.getMessage().contains(AeronTransportConfiguration.TERM_LENGTH_PROP), ex.getMessage());
        }
    }

    @Test
    void reportsThatNoExternalDriverIsRunningAtTheDirectory()
    {
        final String directory = DriverDirectories.unique("absent");
        final AeronTransportContext config = new AeronTransportContext()
            .embedded(false)
            .directory(directory)
            .conclude();

        final TransportException ex = assertThrows(TransportException.class, () -> AeronTransport.connect(config));

        assertTrue(ex.getMessage().startsWith("no media driver is running at " + directory), ex.getMessage());
        assertTrue(ex.getMessage().contains(AeronTransportConfiguration.DIR_PROP), ex.getMessage());
        assertTrue(ex.getMessage().contains(AeronTransportConfiguration.EMBEDDED_PROP + "=true"), ex.getMessage());
    }

    @Test
    void refusesToEmbedADriverWhereAnotherDriverIsRunning()
    {
        final String directory = DriverDirectories.unique("occupied");
        final AeronTransportContext config = new AeronTransportContext().directory(directory).termLength(1 << 16)
            .conclude();
        try (MediaDriver other = MediaDriverLauncher.launch(config))
        {
            final TransportException ex = assertThrows(TransportException.class, () -> AeronTransport.connect(config));

            assertTrue(
                ex.getMessage().startsWith("a media driver is already running at " + directory), ex.getMessage());
            assertTrue(ex.getMessage().contains(AeronTransportConfiguration.EMBEDDED_PROP + "=false"), ex.getMessage());
        }
        assertFalse(new File(directory).exists());
    }

    private static AeronTransport connectEmbedded(final String directory, final int termLength)
    {
        return AeronTransport.connect(new AeronTransportContext()
            .directory(directory)
            .termLength(termLength)
            .conclude());
    }

    private Path mountTmpfs(final String size) throws Exception
    {
        disk = SmallDisk.mount(temp.resolve("tmpfs-" + size), size);
        return disk.directory();
    }
}
