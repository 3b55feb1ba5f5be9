package io.wirespeed.bench.rig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What every result records about where it ran: host, cores, CPU model (from /proc/cpuinfo),
 * memory, operating system and JVM, and the load average (from /proc/loadavg) when it was described.
 */
public final class MachineInfo
{
    private MachineInfo()
    {
    }

    /**
     * Describes this machine and JVM.
     *
     * @return an ordered map of names to values.
     */
    public static Map<String, Object> describe()
    {
        final Map<String, Object> machine = new LinkedHashMap<>();
        machine.put("host", hostName());
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        machine.put("cpuModel", cpuModel());
        machine.put("memoryGiB", memoryGiB());
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " +
            System.getProperty("os.arch"));
        machine.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        machine.put("jvmVendor", System.getProperty("java.vm.vendor"));
        machine.put("loadAverage", loadAverage());
        return machine;
    }

    /**
     * The machine's load average now: on a machine shared with other work, what the figures compete with.
     *
     * @return the 1, 5 and 15 minute averages as /proc/loadavg gives them ({@code "2.31 1.50 1.13"}), or
     * {@code "unknown"}.
     */
    public static String loadAverage()
    {
        final List<String> line = lines("/proc/loadavg");
        if (line.isEmpty())
        {
            return "unknown";
        }
        final String[] fields = line.get(0).trim().split("\\s+");
        return fields.length < 3 ? "unknown" : fields[0] + " " + fields[1] + " " + fields[2];
    }

    private static String cpuModel()
    {
        for (final String line : lines("/proc/cpuinfo"))
        {
            if (line.startsWith("model name"))
            {
                return line.substring(line.indexOf(':') + 1).trim();
            }
        }
        return "unknown";
    }

    private static double memoryGiB()
    {
        for (final String line : lines("/proc/meminfo"))
        {
            if (line.startsWith("MemTotal:"))
            {
                final String kb = line.replaceAll("[^0-9]", "");
                return Math.round(Long.parseLong(kb) / 1024.0 / 1024.0 * 10) / 10.0;
            }
        }
        return -1;
    }

    private static String hostName()
    {
        final List<String> hostname = lines("/etc/hostname");
        return hostname.isEmpty() ? "unknown" : hostname.get(0).trim();
    }

    private static List<String> lines(final String file)
    {
        try
        {
            return Files.readAllLines(Path.of(file));
        }
        catch (final IOException | RuntimeException ex)
        {
            return List.of();
        }
    }
}
