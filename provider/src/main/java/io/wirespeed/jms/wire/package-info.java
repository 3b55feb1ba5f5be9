/**
 * The only code that turns JMS messages into envelopes and back ({@link io.wirespeed.jms.wire.MessageEncoder},
 * {@link io.wirespeed.jms.wire.MessageDecoder}, {@link io.wirespeed.jms.wire.ForeignMessages} for other providers'
 * messages), and the connection id that message ids and noLocal filtering build on
 * ({@link io.wirespeed.jms.wire.ConnectionId}).
 */
package io.wirespeed.jms.wire;
