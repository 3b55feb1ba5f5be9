/**
 * The Wirespeed message envelope: an SBE message (schema {@code sbe/wirespeed-envelope.xml}, generated at build
 * time into {@code io.wirespeed.codec.sbe}, which is not API) with an allocation-free API on top.
 * {@link io.wirespeed.codec.EnvelopeWriter} writes an envelope in place; {@link io.wirespeed.codec.EnvelopeReader}
 * validates one on wrap and then reads it in place; bad bytes give
 * {@link io.wirespeed.codec.MalformedEnvelopeException}. Layout and versioning rules: codec/README.md.
 */
package io.wirespeed.codec;
