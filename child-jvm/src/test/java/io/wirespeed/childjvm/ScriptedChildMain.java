package io.wirespeed.childjvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * A child that prints {@code READY} and the system property {@code child.greeting}, then follows the lines of its
 * standard input: {@code say X} prints X, {@code exit N} exits with N, {@code hang} stops reading and waits to be
 * killed. At the end of its input it prints {@code BYE}; a SIGTERM makes its shutdown hook print {@code HOOK}.
 */
public final class ScriptedChildMain
{
    private ScriptedChildMain()
    {
    }

    /**
     * Runs the script.
     *
     * @param args ignored.
     * @throws IOException          if standard input cannot be read.
     * @throws InterruptedException if interrupted while hanging.
     */
    public static void main(final String[] args) throws IOException, InterruptedException
    {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> System.out.println("HOOK")));
        System.out.println("READY greeting=" + System.getProperty("child.greeting"));
        final BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = input.readLine(); line != null; line = input.readLine())
        {
            if (line.startsWith("say "))
            {
                System.out.println(line.substring(4));
            }
            else if (line.startsWith("exit "))
            {
                System.out.flush();
                Runtime.getRuntime().halt(Integer.parseInt(line.substring(5)));
            }
            else if (line.equals("hang"))
            {
                System.out.println("HANGING");
                Thread.sleep(Long.MAX_VALUE);
            }
        }
        System.out.println("BYE");
    }
}
