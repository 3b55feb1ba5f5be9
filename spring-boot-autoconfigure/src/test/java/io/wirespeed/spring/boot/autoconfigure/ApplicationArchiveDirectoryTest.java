package io.wirespeed.spring.boot.autoconfigure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Paths;

import org.junit.jupiter.api.Test;

class ApplicationArchiveDirectoryTest
{
    @Test
    void isTheApplicationsNameAndAHashOfItsWorkingDirectoryUnderTheUsersWirespeedArchive()
    {
        final String directory = ApplicationArchiveDirectory.of("billing", "/home/u", "/srv/billing");

        assertTrue(directory.matches("/home/u/\\.wirespeed/archive/billing-[0-9a-f]{8}"), directory);
        assertEquals(directory, ApplicationArchiveDirectory.of("billing", "/home/u", "/srv/billing/."));
    }

    @Test
    void twoApplicationsOfOneNameInTwoDirectoriesGetTwoArchives()
    {
        assertNotEquals(ApplicationArchiveDirectory.of("demo", "/home/u", "/home/u/code/shop"),
            ApplicationArchiveDirectory.of("demo", "/home/u", "/home/u/code/bank"));
    }

    @Test
    void aNameUnfitForADirectoryIsMadeFit()
    {
        final String directory = ApplicationArchiveDirectory.of("../my app/x", "/home/u", "/srv");

        assertEquals(Paths.get("/home/u/.wirespeed/archive"), Paths.get(directory).getParent());
        assertTrue(Paths.get(directory).getFileName().toString().startsWith("app_.._my_app_x-"), directory);
    }

    @Test
    void withoutANameTheProvidersOwnDefaultApplies()
    {
        assertNull(ApplicationArchiveDirectory.of(null, "/home/u", "/srv"));
        assertNull(ApplicationArchiveDirectory.of(" ", "/home/u", "/srv"));
    }
}
