package io.wirespeed.transport.aeron;

import io.wirespeed.test.DriverDirectories;
import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.IdleStrategyKind;
import io.wirespeed.transport.TransportPublication;
import io.wirespeed.transport.TransportSubscription;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Another local user cannot read the driver's or the archive's files: the directories are created 0700 with their
 * files 0600, or 0750 / 0640 for a group named to share them, and a directory found wider is tightened.
 */
class DirectoryPermissionsTest
{
    @TempDir
    Path archiveDir;

    private final String aeronDir = DriverDirectories.unique("permissions");

    @AfterEach
    void deleteDriverDirectory()
    {
        DriverDirectories.delete(aeronDir);
    }

    @Test
    void theDriverAndArchiveDirectoriesAndTheirFilesAreTheOwnersAlone() throws IOException
    {
        try (AeronTransport transport = connect(null);
            TransportSubscription subscription = transport.addSubscription("aeron:ipc", 10);
            TransportPublication publication = transport.addPublication("aeron:ipc", 10);
            ArchiveHost archive = ArchiveHost.launch(aeronDir, archiveConfig(), IdleStrategyKind.BACKOFF))
        {
            assertEquals("rwx------", permissions(Paths.get(aeronDir)), aeronDir);
            assertEquals("rw-------", permissions(Paths.get(aeronDir, "cnc.dat")));
            assertEquals("rwx------", permissions(archiveDir));
            assertEveryFileIs("rw-------", archiveDir);
        }
    }

    @Test
    void anArchiveDirectoryFoundWithWiderPermissionsIsTightened() throws IOException
    {
        Files.setPosixFilePermissions(archiveDir, PosixFilePermissions.fromString("rwxrwxrwx"));
        final Path leftOver = Files.createFile(archiveDir.resolve("left-over"));
        Files.setPosixFilePermissions(leftOver, PosixFilePermissions.fromString("rw-rw-rw-"));

        try (AeronTransport transport = connect(null);
            ArchiveHost archive = ArchiveHost.launch(aeronDir, archiveConfig(), IdleStrategyKind.BACKOFF))
        {
            assertEquals("rwx------", permissions(archiveDir));
            assertEquals("rw-------", permissions(leftOver));
        }
    }

    @Test
    void aGroupNamedToShareTheDirectoriesMayReadThem() throws IOException
    {
        final String group = Files.readAttributes(archiveDir, PosixFileAttributes.class).group().getName();

        try (AeronTransport transport = connect(group);
            ArchiveHost archive = ArchiveHost.launch(aeronDir, archiveConfig(), IdleStrategyKind.BACKOFF))
        {
            assertEquals("rwxr-x---", permissions(Paths.get(aeronDir)));
            assertEquals("rw-r-----", permissions(Paths.get(aeronDir, "cnc.dat")));
            assertEquals(group, Files.readAttributes(Paths.get(aeronDir), PosixFileAttributes.class).group().getName());
            assertEquals("rwxr-x---", permissions(archiveDir));
            assertEveryFileIs("rw-r-----", archiveDir);
        }
    }

    private AeronTransport connect(final String group)
    {
        return AeronTransport.connect(new AeronTransportContext().directory(aeronDir).termLength(64 * 1024)
            .directoryGroup(group).conclude());
    }

    private ArchiveConfig archiveConfig()
    {
        return ArchiveConfig.builder().directory(archiveDir).segmentLength(64 * 1024).retention(Duration.ZERO).build();
    }

    private static void assertEveryFileIs(final String expected, final Path directory) throws IOException
    {
        try (var files = Files.list(directory))
        {
            files.filter(Files::isRegularFile)
                .forEach((file) -> assertEquals(expected, permissions(file), file.toString()));
        }
    }

    private static String permissions(final Path path)
    {
        try
        {
            return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
        }
        catch (final IOException ex)
        {
            throw new java.io.UncheckedIOException(ex);
        }
    }
}
