/**
 * What the JMS provider sees of the host module, kept in the transport API's jar so that the provider compiles
 * against it alone and has the host module at runtime only: the service that runs a queue host inside the
 * application's JVM beside its embedded media driver ({@link io.wirespeed.host.spi.EmbeddedHostService}, found
 * through {@link java.util.ServiceLoader}), and the share of it a runtime holds
 * ({@link io.wirespeed.host.spi.EmbeddedHostShare}). Nothing else of the host is the provider's to use.
 */
package io.wirespeed.host.spi;
