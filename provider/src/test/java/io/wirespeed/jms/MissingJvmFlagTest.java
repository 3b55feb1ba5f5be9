package io.wirespeed.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JVM started without {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} (the first thing every user
 * trips on) is told so at its first connection, in one line naming the flag, instead of Agrona's raw
 * {@code IllegalAccessError}.
 */
class MissingJvmFlagTest
{
    private static final String FLAG = "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED";

    @TempDir
    Path temp;

    @Test
    void createConnectionAndCreateContextNameTheFlagTheJvmLacks() throws Exception
    {
        final Map<String, String> lines = runWithoutFlags();

        final String connection = lines.get("createConnection");
        assertTrue(connection.startsWith("javax.jms.JMSException: ") && connection.contains(FLAG), connection);
        final String context = lines.get("createContext");
        assertTrue(context.startsWith("javax.jms.JMSRuntimeException: ") && context.contains(FLAG), context);
        assertEquals(connection.substring(connection.indexOf(": ")), context.substring(context.indexOf(": ")));
    }

    private Map<String, String> runWithoutFlags() throws Exception
    {
        final String java = ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        final File outputFile = temp.resolve("child.out").toFile();
        final Process process = new ProcessBuilder(List.of(java, "-Xmx128m", "-XX:+UseSerialGC",
            "-cp", System.getProperty("java.class.path"), MissingJvmFlagMain.class.getName()))
            .redirectErrorStream(true)
            .redirectOutput(outputFile)
            .start();
        if (!process.waitFor(60, TimeUnit.SECONDS))
        {
            process.destroyForcibly();
            fail("the child JVM did not exit within 60 s; it printed: " + Files.readString(outputFile.toPath()));
        }
        final String output = Files.readString(outputFile.toPath(), StandardCharsets.UTF_8);
        final Map<String, String> lines = output.lines()
            .filter(line -> line.startsWith("createConnection: ") || line.startsWith("createContext: "))
            .collect(Collectors.toMap(line -> line.substring(0, line.indexOf(':')),
                line -> line.substring(line.indexOf(':') + 2), (first, second) -> first + " | " + second));
        assertEquals(2, lines.size(), () -> "the child printed: " + output);
        return lines;
    }
}
