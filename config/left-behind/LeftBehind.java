import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What a build's tests leave behind outside the build's own directories: the entries of the user's
 * {@code ~/.wirespeed} (three levels deep: {@code archive/<application>/<file>}) and of {@code /dev/shm} (media
 * driver directories, shared counters). {@code record FILE} writes them down before the first module; {@code check
 * FILE} after the last fails, listing them, if any entry is new. Run by the build itself (the root POM and the last
 * module of the reactor) as {@code java LeftBehind.java ...}; JDK only.
 */
public final class LeftBehind
{
    private static final int WIRESPEED_DEPTH = 3;

    private LeftBehind()
    {
    }

    /**
     * @param args {@code record FILE} or {@code check FILE}.
     * @throws IOException if a listing or the file cannot be read or written.
     */
    public static void main(final String[] args) throws IOException
    {
        if (args.length != 2 || !("record".equals(args[0]) || "check".equals(args[0])))
        {
            System.err.println("usage: java LeftBehind.java record|check FILE");
            System.exit(2);
        }
        final Path file = Paths.get(args[1]);
        final Set<String> now = entries();
        if ("record".equals(args[0]))
        {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, now);
            return;
        }
        if (!Files.exists(file))
        {
            System.out.println("[left-behind] no record of the start (" + file + "): a partial build, nothing checked");
            return;
        }
        final Set<String> before = new TreeSet<>(Files.readAllLines(file));
        final List<String> added = new ArrayList<>();
        for (final String entry : now)
        {
            if (!before.contains(entry))
            {
                added.add(entry);
            }
        }
        if (!added.isEmpty())
        {
            System.err.println("[left-behind] the tests left these behind in the user's home or /dev/shm (a test that " +
                "starts an archive or a media driver must use a directory of its own and remove it; -Dwirespeed" +
                ".leftBehind.skip=true skips this check while another program uses these directories):");
            added.forEach((entry) -> System.err.println("  " + entry));
            System.exit(1);
        }
        System.out.println("[left-behind] nothing new in ~/.wirespeed or /dev/shm");
    }

    private static Set<String> entries() throws IOException
    {
        final Set<String> entries = new TreeSet<>();
        list(Paths.get(System.getProperty("user.home"), ".wirespeed"), WIRESPEED_DEPTH, entries);
        list(Paths.get("/dev/shm"), 1, entries);
        return entries;
    }

    private static void list(final Path directory, final int depth, final Set<String> entries) throws IOException
    {
        if (!Files.isDirectory(directory))
        {
            return;
        }
        for (int attempt = 1; ; attempt++)
        {
            try (Stream<Path> walk = Files.walk(directory, depth))
            {
                walk.filter((path) -> !path.equals(directory)).forEach((path) -> entries.add(path.toString()));
                return;
            }
            catch (final UncheckedIOException ex)
            {
                // an entry removed while walking: the next walk lists what remains
                if (attempt == 3)
                {
                    throw ex.getCause();
                }
            }
        }
    }
}
