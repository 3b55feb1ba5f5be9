package io.wirespeed.childjvm;

import java.lang.management.ManagementFactory;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM: this JVM's {@code java}, the flags Aeron needs ({@link #aeronFlags()}), JVM
 * options, a class path (this JVM's unless set), a main class and its arguments, optionally behind a launcher such
 * as {@code ip netns exec <namespace>}. Built once and then started by {@link ChildJvm}.
 */
public final class JvmCommand
{
    /** The system property that names the flags Aeron needs, set by the build for tests and child JVMs. */
    public static final String JVM_FLAGS_PROP = "wirespeed.jvm.flags";

    private final String mainClass;
    private final List<String> launcher = new ArrayList<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private final List<String> args = new ArrayList<>();
    private String classpath = System.getProperty("java.class.path");

    private JvmCommand(final String mainClass)
    {
        if (null == mainClass || mainClass.isEmpty())
        {
            throw new IllegalArgumentException("name the main class to run, e.g. io.wirespeed.examples.Quickstart");
        }
        this.mainClass = mainClass;
    }

    /**
     * A command that runs {@code mainClass} with the Aeron flags and no other JVM option.
     *
     * @param mainClass the fully qualified name of the class to run.
     * @return the command, to be completed.
     */
    public static JvmCommand of(final String mainClass)
    {
        return new JvmCommand(mainClass);
    }

    /**
     * A command that runs {@code mainClass} with the Aeron flags and no other JVM option.
     *
     * @param mainClass the class to run.
     * @return the command, to be completed.
     */
    public static JvmCommand of(final Class<?> mainClass)
    {
        return new JvmCommand(mainClass.getName());
    }

    /**
     * A command for a small JVM that starts quickly, as tests want many of: the Aeron flags, a 256 MiB heap, the
     * serial collector and the C1 compiler only.
     *
     * @param mainClass the fully qualified name of the class to run.
     * @return the command, to be completed.
     */
    public static JvmCommand small(final String mainClass)
    {
        return new JvmCommand(mainClass)
            .jvmOption("-Xmx256m")
            .jvmOption("-XX:+UseSerialGC")
            .jvmOption("-XX:TieredStopAtLevel=1");
    }

    /**
     * A command for a small JVM that starts quickly; see {@link #small(String)}.
     *
     * @param mainClass the class to run.
     * @return the command, to be completed.
     */
    public static JvmCommand small(final Class<?> mainClass)
    {
        return small(mainClass.getName());
    }

    /**
     * Sets the class path of the child.
     *
     * @param classpath the class path, entries separated by the platform's path separator.
     * @return this.
     */
    public JvmCommand classpath(final String classpath)
    {
        if (null == classpath)
        {
            throw new IllegalArgumentException("pass a class path, or leave this JVM's in place");
        }
        this.classpath = classpath;
        return this;
    }

    /**
     * Adds a JVM option, such as {@code -Xmx1g} or {@code -Dkey=value}.
     *
     * @param option the option.
     * @return this.
     */
    public JvmCommand jvmOption(final String option)
    {
        jvmOptions.add(option);
        return this;
    }

    /**
     * Adds JVM options in order.
     *
     * @param options the options.
     * @return this.
     */
    public JvmCommand jvmOptions(final List<String> options)
    {
        jvmOptions.addAll(options);
        return this;
    }

    /**
     * Adds a system property of the child ({@code -Dname=value}).
     *
     * @param name  the property name.
     * @param value its value.
     * @return this.
     */
    public JvmCommand systemProperty(final String name, final String value)
    {
        return jvmOption("-D" + name + "=" + value);
    }

    /**
     * Adds program arguments.
     *
     * @param arguments the arguments, after the main class.
     * @return this.
     */
    public JvmCommand args(final String... arguments)
    {
        args.addAll(List.of(arguments));
        return this;
    }

    /**
     * Runs the JVM through a launcher, such as {@code ip netns exec <namespace>}, that replaces itself with it (so
     * the child process is the JVM).
     *
     * @param command the launcher's command and arguments, before {@code java}.
     * @return this.
     */
    public JvmCommand launcher(final List<String> command)
    {
        launcher.addAll(command);
        return this;
    }

    /**
     * The class the child runs.
     *
     * @return its fully qualified name.
     */
    public String mainClass()
    {
        return mainClass;
    }

    /**
     * The command line.
     *
     * @return launcher, java, Aeron flags, JVM options, class path, main class and arguments, in that order.
     */
    public List<String> toList()
    {
        final List<String> command = new ArrayList<>(launcher);
        command.add(javaExecutable());
        command.addAll(aeronFlags());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classpath);
        command.add(mainClass);
        command.addAll(args);
        return command;
    }

    /**
     * {@inheritDoc}
     *
     * @return the command line, words separated by spaces.
     */
    @Override
    public String toString()
    {
        return String.join(" ", toList());
    }

    /**
     * The JVM flags Aeron needs: the {@value #JVM_FLAGS_PROP} system property (the build sets it from the root
     * POM), or else the {@code --add-opens} and {@code --add-exports} flags this JVM was started with.
     *
     * @return the flags, one per element.
     */
    public static List<String> aeronFlags()
    {
        final List<String> flags = new ArrayList<>();
        final String configured = System.getProperty(JVM_FLAGS_PROP);
        if (null != configured && !configured.isBlank())
        {
            for (final String flag : configured.trim().split("\\s+"))
            {
                flags.add(flag);
            }
            return flags;
        }
        final List<String> inputArguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (int i = 0; i < inputArguments.size(); i++)
        {
            final String arg = inputArguments.get(i);
            if (arg.startsWith("--add-opens") || arg.startsWith("--add-exports"))
            {
                flags.add(arg);
                if (!arg.contains("=") && i + 1 < inputArguments.size())
                {
                    flags.add(inputArguments.get(++i));
                }
            }
        }
        return flags;
    }

    /**
     * The {@code java} of this JVM.
     *
     * @return its path.
     */
    public static String javaExecutable()
    {
        return ProcessHandle.current().info().command()
            .orElse(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
    }
}
