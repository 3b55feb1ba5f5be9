package io.wirespeed.transport.aeron;

import io.wirespeed.transport.TransportException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Makes a media driver's or an archive's directory private: the directory and its sub-directories {@code 0700}
 * and their files {@code 0600}, or, with a group named by {@value AeronTransportConfiguration#DIR_GROUP_PROP},
 * {@code 0750} / {@code 0640} owned by that group. A directory found with wider permissions is tightened (logged),
 * not refused: Aeron recreates a driver's directory at every start anyway. On a filesystem without POSIX
 * permissions nothing is changed.
 */
public final class DirectoryPermissions
{
    private static final System.Logger LOGGER = System.getLogger(DirectoryPermissions.class.getName());
    private static final Set<PosixFilePermission> OWNER_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> GROUP_DIRECTORY = PosixFilePermissions.fromString("rwxr-x---");
    private static final Set<PosixFilePermission> GROUP_FILE = PosixFilePermissions.fromString("rw-r-----");
    private static final int MAX_DEPTH = 4;
    private static final Map<Path, String> GROUPS = new ConcurrentHashMap<>();

    private DirectoryPermissions()
    {
    }

    /**
     * The group that may share the driver's and archive's directories, from the system property.
     *
     * @return the group's name, or null for owner-only.
     */
    public static String configuredGroup()
    {
        final String group = System.getProperty(AeronTransportConfiguration.DIR_GROUP_PROP);
        return null == group || group.isBlank() ? null : group.trim();
    }

    /**
     * Remembers the group a driver of this process was started with, for the archive beside it.
     *
     * @param driverDirectory the driver's directory.
     * @param group           its group, or null for owner-only.
     */
    static void remember(final Path driverDirectory, final String group)
    {
        final Path key = driverDirectory.toAbsolutePath().normalize();
        if (null == group)
        {
            GROUPS.remove(key);
        }
        else
        {
            GROUPS.put(key, group);
        }
    }

    /**
     * The group of the directories beside a driver: the one it was started with in this process, else the system
     * property's.
     *
     * @param driverDirectory the driver's directory.
     * @return the group, or null for owner-only.
     */
    public static String groupOf(final Path driverDirectory)
    {
        final String group = GROUPS.get(driverDirectory.toAbsolutePath().normalize());
        return null == group ? configuredGroup() : group;
    }

    /**
     * Restricts a directory, what it holds now and, where it has just been created, itself.
     *
     * @param directory the directory; nothing happens when it does not exist.
     * @param group     the group that may read it, or null for owner-only.
     * @throws TransportException when the group does not exist or the permissions cannot be set.
     */
    public static void restrict(final Path directory, final String group)
    {
        if (!Files.isDirectory(directory) ||
            null == Files.getFileAttributeView(directory, PosixFileAttributeView.class))
        {
            return;
        }
        try
        {
            final GroupPrincipal principal = null == group ? null :
                directory.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByGroupName(group);
            final Set<PosixFilePermission> before = Files.getPosixFilePermissions(directory);
            final Set<PosixFilePermission> wanted = null == group ? OWNER_DIRECTORY : GROUP_DIRECTORY;
            if (!wanted.containsAll(before))
            {
                LOGGER.log(System.Logger.Level.DEBUG, "tightened " + directory + " from " +
                    PosixFilePermissions.toString(before) + " to " + PosixFilePermissions.toString(wanted) +
                    (null == group ? "" : " (group " + group + ")"));
            }
            try (Stream<Path> paths = Files.walk(directory, MAX_DEPTH))
            {
                paths.forEach((path) -> apply(path, principal));
            }
        }
        catch (final UncheckedIOException ex)
        {
            throw failed(directory, group, ex.getCause());
        }
        catch (final IOException ex)
        {
            throw failed(directory, group, ex);
        }
    }

    private static void apply(final Path path, final GroupPrincipal group)
    {
        try
        {
            final boolean isDirectory = Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
            if (!isDirectory && !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS))
            {
                return;
            }
            if (null != group)
            {
                Files.getFileAttributeView(path, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                    .setGroup(group);
            }
            Files.setPosixFilePermissions(path, null == group ?
                (isDirectory ? OWNER_DIRECTORY : OWNER_FILE) : (isDirectory ? GROUP_DIRECTORY : GROUP_FILE));
        }
        catch (final NoSuchFileException ex)
        {
            // Gone meanwhile (a log buffer freed): nothing to protect.
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private static TransportException failed(final Path directory, final String group, final IOException ex)
    {
        return new TransportException("cannot make " + directory + " private" +
            (null == group ? " (0700, files 0600)" : " to its owner and group " + group + " (0750, files 0640)") +
            ": " + ex + (null == group ? "" : "; " + AeronTransportConfiguration.DIR_GROUP_PROP +
            " must name a group of this host that this user belongs to"), ex);
    }
}
