package io.wirespeed.spring.boot.autoconfigure;

import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import org.springframework.core.env.Environment;

/**
 * The embedded archive directory that is a Spring Boot application's own when it names none:
 * {@code ~/.wirespeed/archive/<spring.application.name>-<8 hex digits of a hash of the working directory>}, the
 * provider's {@code <application>-<hash>} shape with the name the application gives itself. The name keeps an
 * application's durable state across new versions of its jar (the provider's default follows the jar's file name);
 * the working directory keeps apart two projects that both kept Spring Initializr's {@code demo}.
 */
final class ApplicationArchiveDirectory
{
    private static final int MAX_NAME = 60;

    private ApplicationArchiveDirectory()
    {
    }

    /**
     * The application's archive directory, from {@code spring.application.name}.
     *
     * @param environment the application's environment.
     * @return the directory, or null when {@code spring.application.name} is unset (the provider's default applies).
     */
    static String of(final Environment environment)
    {
        return of(environment.getProperty("spring.application.name"), System.getProperty("user.home"),
            System.getProperty("user.dir"));
    }

    /**
     * The archive directory of an application of the given name run from the given directory.
     *
     * @param applicationName  {@code spring.application.name}, or null.
     * @param home             the user's home directory.
     * @param workingDirectory the working directory.
     * @return the directory, or null when the name is null or blank.
     */
    static String of(final String applicationName, final String home, final String workingDirectory)
    {
        if (applicationName == null || applicationName.isBlank())
        {
            return null;
        }
        String safe = applicationName.trim().replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > MAX_NAME || safe.startsWith("."))
        {
            safe = "app_" + safe.substring(Math.max(0, safe.length() - MAX_NAME));
        }
        final String hash = hash(Paths.get(workingDirectory).toAbsolutePath().normalize().toString());
        return Paths.get(home, ".wirespeed", "archive", safe + "-" + hash).toString();
    }

    private static String hash(final String text)
    {
        try
        {
            final byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 4);
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("SHA-256 is missing from this JVM", ex);
        }
    }
}
