package io.wirespeed.transport.aeron;

import java.nio.file.Path;

/**
 * A media driver's directory as the key of what runs in this JVM for it: the absolute, normalized path, so that
 * {@code /dev/shm/x}, {@code /dev/shm/./x} and a relative spelling of it name one driver.
 *
 * @param path the absolute, normalized path.
 */
public record DriverDirectory(Path path)
{
    /**
     * The key of a directory as configured.
     *
     * @param directory the directory, absolute or relative to the working directory.
     * @return the key.
     */
    public static DriverDirectory of(final String directory)
    {
        return new DriverDirectory(Path.of(directory).toAbsolutePath().normalize());
    }

    @Override
    public String toString()
    {
        return path.toString();
    }
}
