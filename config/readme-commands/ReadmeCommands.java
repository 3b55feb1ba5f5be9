import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs the documented commands that are marked runnable, as a reader would on a fresh clone: every fenced code block
 * of README.md and of the module READMEs ({@code <module>/README.md}, {@code examples/spring-boot/README.md}) that
 * the line {@code <!-- runnable -->} directly precedes, each block as one {@code bash -e} script in the clone's root,
 * in the order of the files. Blocks without the marker (long runs, commands that never end, machines the reader may
 * not have) are left alone. JDK only: {@code java ReadmeCommands.java [--list] DIRECTORY}; exit status 1 at the first
 * command that fails, with its output.
 */
public final class ReadmeCommands
{
    static final String MARKER = "<!-- runnable -->";
    private static final long LIMIT_MINUTES = 15;

    private ReadmeCommands()
    {
    }

    /**
     * @param args {@code [--list] DIRECTORY}: the clone's root.
     * @throws Exception if a file cannot be read or a command cannot start.
     */
    public static void main(final String[] args) throws Exception
    {
        final boolean list = args.length == 2 && "--list".equals(args[0]);
        if (args.length != (list ? 2 : 1))
        {
            System.err.println("usage: java ReadmeCommands.java [--list] DIRECTORY");
            System.exit(2);
        }
        final Path root = Paths.get(args[list ? 1 : 0]).toAbsolutePath();
        final List<Block> blocks = new ArrayList<>();
        for (final Path readme : readmes(root))
        {
            blocks.addAll(blocks(root, readme));
        }
        for (final Block block : blocks)
        {
            System.out.println("[readme-commands] " + block.where + ":\n" + block.script.strip());
            if (list)
            {
                continue;
            }
            final long start = System.nanoTime();
            final Process process = new ProcessBuilder("bash", "-e", "-c", block.script).directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
            if (!process.waitFor(LIMIT_MINUTES, TimeUnit.MINUTES))
            {
                process.destroyForcibly();
                System.err.println("[readme-commands] FAILED, still running after " + LIMIT_MINUTES + " minutes: " +
                    block.where);
                System.exit(1);
            }
            if (process.exitValue() != 0)
            {
                System.err.println("[readme-commands] FAILED with status " + process.exitValue() + ": " + block.where);
                System.exit(1);
            }
            System.out.printf("[readme-commands] ok in %.0f s%n", (System.nanoTime() - start) / 1e9);
        }
        System.out.println("[readme-commands] " + blocks.size() + " runnable blocks " + (list ? "found" : "passed"));
    }

    static List<Path> readmes(final Path root) throws IOException
    {
        final List<Path> readmes = new ArrayList<>();
        readmes.add(root.resolve("README.md"));
        try (Stream<Path> modules = Files.walk(root, 3))
        {
            modules.filter((path) -> path.getFileName().toString().equals("README.md"))
                .filter((path) -> !path.equals(root.resolve("README.md")))
                .filter((path) -> Files.exists(path.getParent().resolve("pom.xml")))
                .sorted()
                .forEach(readmes::add);
        }
        return readmes;
    }

    static List<Block> blocks(final Path root, final Path readme) throws IOException
    {
        final List<String> lines = Files.readAllLines(readme, StandardCharsets.UTF_8);
        final List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++)
        {
            if (MARKER.equals(lines.get(i).strip()) && i + 1 < lines.size() && lines.get(i + 1).startsWith("```"))
            {
                final StringBuilder script = new StringBuilder();
                int j = i + 2;
                while (j < lines.size() && !lines.get(j).startsWith("```"))
                {
                    script.append(lines.get(j)).append('\n');
                    j++;
                }
                blocks.add(new Block(root.relativize(readme) + ":" + (i + 1), script.toString()));
                i = j;
            }
        }
        return blocks;
    }

    record Block(String where, String script)
    {
    }
}
