package io.wirespeed.host.spi;

import io.wirespeed.transport.ArchiveConfig;
import io.wirespeed.transport.TransportContext;

/**
 * What an embedded host is started with, as a connection configures it.
 *
 * @param transport     the connection's transport settings: the embedded driver's directory, threading, idle
 *                      strategy; the host connects an Aeron client of its own with them.
 * @param archive       when the archive runs.
 * @param archiveConfig the archive's directory, segment length and retention.
 */
public record EmbeddedHostSettings(TransportContext transport, ArchiveUse archive, ArchiveConfig archiveConfig)
{
}
