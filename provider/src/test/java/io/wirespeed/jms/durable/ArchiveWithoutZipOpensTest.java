package io.wirespeed.jms.durable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.wirespeed.childjvm.JvmCommand;
import io.wirespeed.test.SlowTest;

/**
 * Whether the archive needs {@code --add-opens java.base/java.util.zip=ALL-UNNAMED}: a JVM started with only
 * {@code --add-opens java.base/jdk.internal.misc=ALL-UNNAMED} runs a durable subscription's round trip through the
 * archive as Wirespeed configures it (no checksums); the flag is needed only where the archive is told to checksum
 * what it records with Agrona's CRC-32C ({@code -Daeron.archive.record.checksum=org.agrona.checksum.Crc32c}),
 * which reaches into {@code java.util.zip.CRC32C}.
 */
@SlowTest
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class ArchiveWithoutZipOpensTest
{
    private static final String MISC_ONLY = "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED";

    @TempDir
    Path temp;

    private Result run(final String name, final String... jvmOptions) throws Exception
    {
        final List<String> command = new ArrayList<>();
        command.add(JvmCommand.javaExecutable());
        command.add(MISC_ONLY);
        command.addAll(List.of(jvmOptions));
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(ArchiveWithoutZipOpensMain.class.getName());
        command.add("wirespeed:ipc?aeronDir=" + temp.resolve(name + "-driver") + "&archiveDir=" +
            temp.resolve(name + "-archive"));
        final Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        final byte[] output;
        try
        {
            output = process.getInputStream().readAllBytes();
        }
        catch (final IOException ex)
        {
            process.destroyForcibly();
            throw ex;
        }
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), name + " ended");
        return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8));
    }

    @Test
    void theArchiveAsWirespeedRunsItNeedsNoZipOpens() throws Exception
    {
        final Result result = run("plain");
        assertEquals(0, result.status(), result.output());
        assertTrue(result.output().contains("caught up"), result.output());
    }

    @Test
    void anArchiveToldToChecksumWithCrc32cNeedsThem() throws Exception
    {
        final Result result = run("checksum", "-Daeron.archive.record.checksum=org.agrona.checksum.Crc32c");
        assertNotEquals("caught up", result.output().strip(), result.output());
        assertTrue(result.output().contains("java.util.zip"), result.output());
    }

    private record Result(int status, String output)
    {
    }
}
