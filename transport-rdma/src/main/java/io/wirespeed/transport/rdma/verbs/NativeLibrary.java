package io.wirespeed.transport.rdma.verbs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Loads {@code libwirespeed-rdma.so}, the JNI binding over libibverbs and librdmacm, from the jar
 * ({@code /native/<os>-<arch>/}) by extracting it to a temporary file, or from the path in the
 * system property {@value #LIBRARY_PATH_PROPERTY}. Loading is attempted once; when it fails,
 * {@link #failureReason()} says why in plain words.
 */
public final class NativeLibrary
{
    /** System property naming a library file to load instead of the bundled one. */
    public static final String LIBRARY_PATH_PROPERTY = "wirespeed.rdma.library";
    /** The library's file name. */
    public static final String LIBRARY_FILE = "libwirespeed-rdma.so";

    private static final String FAILURE_REASON = load();

    private NativeLibrary()
    {
    }

    /** Whether the JNI library is loaded and its native methods may be called. */
    public static boolean isLoaded()
    {
        return FAILURE_REASON == null;
    }

    /** Why the library is not loaded, or null when it is. */
    public static String failureReason()
    {
        return FAILURE_REASON;
    }

    /** The jar resource the library is loaded from on this platform. */
    public static String resourcePath()
    {
        return "/native/" + platform() + "/" + LIBRARY_FILE;
    }

    /** The platform directory name, e.g. {@code linux-x86_64}. */
    public static String platform()
    {
        final String os = System.getProperty("os.name", "unknown").toLowerCase(Locale.ROOT).replace(' ', '_');
        String arch = System.getProperty("os.arch", "unknown").toLowerCase(Locale.ROOT);
        if ("amd64".equals(arch))
        {
            arch = "x86_64";
        }
        return os + "-" + arch;
    }

    private static String load()
    {
        final String override = System.getProperty(LIBRARY_PATH_PROPERTY);
        try
        {
            if (override != null)
            {
                System.load(Path.of(override).toAbsolutePath().toString());
                return null;
            }
            if (!platform().startsWith("linux-"))
            {
                return "RDMA is supported on Linux only; this is " + platform();
            }
            try (InputStream in = NativeLibrary.class.getResourceAsStream(resourcePath()))
            {
                if (in == null)
                {
                    return "the jar has no " + resourcePath() + " (it was built without a C compiler or " +
                        "without the rdma-core headers libibverbs-dev and librdmacm-dev)";
                }
                final Path file = Files.createTempFile("wirespeed-rdma-", ".so");
                file.toFile().deleteOnExit();
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toAbsolutePath().toString());
                return null;
            }
        }
        catch (final UnsatisfiedLinkError ex)
        {
            return "the JNI library could not be linked (is rdma-core's libibverbs1 and librdmacm1 installed?): " +
                ex.getMessage();
        }
        catch (final IOException | SecurityException ex)
        {
            return "the JNI library could not be extracted: " + ex;
        }
    }
}
