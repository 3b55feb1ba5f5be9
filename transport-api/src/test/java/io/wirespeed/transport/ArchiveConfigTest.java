package io.wirespeed.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

/**
 * The archive's default directory keeps applications apart and finds an application's own data again
 * after a restart.
 */
class ArchiveConfigTest
{
    private static final Path BASE = Paths.get(System.getProperty("user.home"), ".wirespeed", "archive");

    @Test
    void theDefaultDirectoryIsTheApplicationsOwnUnderTheUsersWirespeedArchive()
    {
        assertEquals(BASE, ArchiveConfig.defaultDirectory().getParent());
        assertEquals(ArchiveConfig.defaultDirectory(), ArchiveConfig.builder().build().directory());
    }

    @Test
    void anApplicationStartedTheSameWayGetsTheSameName()
    {
        assertEquals(ArchiveConfig.applicationName("com.acme.Billing --port 8080", "/srv/billing"),
            ArchiveConfig.applicationName("com.acme.Billing", "/srv/billing"));
        assertEquals(ArchiveConfig.applicationName("/opt/billing/billing.jar", "/"),
            ArchiveConfig.applicationName("billing.jar --spring.profiles.active=prod", "/opt/billing"));
    }

    @Test
    void applicationsAreToldApartByMainClassJarAndWorkingDirectory()
    {
        final String billing = ArchiveConfig.applicationName("com.acme.Billing", "/srv/billing");
        assertTrue(billing.startsWith("com.acme.Billing-"), billing);
        assertNotEquals(billing, ArchiveConfig.applicationName("com.acme.Pricing", "/srv/billing"));
        assertNotEquals(billing, ArchiveConfig.applicationName("com.acme.Billing", "/srv/billing-test"));

        final String jar = ArchiveConfig.applicationName("/opt/billing/billing-1.2.jar", "/");
        assertTrue(jar.startsWith("billing-1.2-"), jar);
        assertNotEquals(jar, ArchiveConfig.applicationName("/opt/other/billing-1.2.jar", "/"));
    }

    @Test
    void aNameIsFitForADirectoryWhateverTheCommand()
    {
        assertTrue(ArchiveConfig.applicationName("", "/tmp").startsWith("java-"));
        final String odd = ArchiveConfig.applicationName("jdk.jshell/jdk.internal.jshell.tool.JShellToolProvider", "/");
        assertTrue(odd.matches("[A-Za-z0-9_][A-Za-z0-9._-]*-[0-9a-f]{8}"), odd);
        assertTrue(ArchiveConfig.applicationName("x".repeat(500), "/").length() < 80);
    }
}
