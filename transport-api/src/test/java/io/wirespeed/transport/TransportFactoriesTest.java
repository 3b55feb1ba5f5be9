package io.wirespeed.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class TransportFactoriesTest
{
    private final NamedFactory aeron = new NamedFactory("aeron", "aeron:");
    private final NamedFactory rdma = new NamedFactory("rdma", "wirespeed:rdma?");
    private final NamedFactory memory = new NamedFactory("mem", "mem:");

    @Test
    void choosesTheFactoryWhoseSchemeTheChannelStartsWith()
    {
        final TransportFactories factories = TransportFactories.of(List.of(aeron, rdma, memory));

        assertSame(aeron, factories.forChannel("aeron:udp?endpoint=10.0.0.5:40456"));
        assertSame(aeron, factories.forChannel("aeron:ipc"));
        assertSame(rdma, factories.forChannel("wirespeed:rdma?endpoint=10.0.0.5:40600"));
        assertSame(memory, factories.forChannel("mem:prices"));
        assertTrue(factories.serves("mem:prices"));
        assertFalse(factories.serves("tcp://prices"));
    }

    @Test
    void theLongestClaimedSchemeWins()
    {
        final NamedFactory aeronIpc = new NamedFactory("aeron-ipc", "aeron:ipc");
        final TransportFactories factories = TransportFactories.of(List.of(aeron, aeronIpc));

        assertSame(aeronIpc, factories.forChannel("aeron:ipc?term-length=64k"));
        assertSame(aeron, factories.forChannel("aeron:udp?endpoint=10.0.0.5:40456"));
    }

    @Test
    void aChannelNoFactoryServesIsRefusedNamingTheSchemesThatAreServed()
    {
        final TransportFactories factories = TransportFactories.of(List.of(aeron, rdma));

        final TransportException ex = assertThrows(TransportException.class, () -> factories.forChannel("mem:x"));

        assertTrue(ex.getMessage().startsWith("no transport serves the channel 'mem:x': the transports on the " +
            "classpath serve aeron:, wirespeed:rdma?"), ex.getMessage());
    }

    @Test
    void twoFactoriesClaimingOneSchemeAreRefusedNamingBoth()
    {
        final NamedFactory other = new NamedFactory("other-mem", "mem:");

        final TransportException ex = assertThrows(
            TransportException.class, () -> TransportFactories.of(List.of(memory, other)));

        assertTrue(ex.getMessage().contains("'mem:'"), ex.getMessage());
        assertTrue(ex.getMessage().contains("mem (") && ex.getMessage().contains("other-mem ("), ex.getMessage());
    }

    @Test
    void findsNoFactoryWhereNoneIsRegistered()
    {
        assertEquals(List.of(), TransportFactories.load().factories());
    }

    private static final class NamedFactory implements TransportFactory
    {
        private final String name;
        private final String scheme;

        NamedFactory(final String name, final String scheme)
        {
            this.name = name;
            this.scheme = scheme;
        }

        @Override
        public String name()
        {
            return name;
        }

        @Override
        public List<String> schemes()
        {
            return List.of(scheme);
        }

        @Override
        public Transport connect(final TransportContext context)
        {
            throw new TransportException(name + " connects nothing in this test");
        }
    }
}
