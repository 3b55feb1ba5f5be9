/**
 * The JMS message types ({@link javax.jms.Message} and its five body kinds) as plain, reusable objects.
 * <p>
 * The classes here hold JMS semantics only: headers, typed properties with the specification's conversion
 * table, bodies with their read-only and write-only rules. They never touch wire bytes; an encoder reads them
 * through allocation-free accessors ({@link io.wirespeed.jms.message.TypedValueTable},
 * {@link io.wirespeed.jms.message.JmsBytesMessage#bodyBuffer()}, ...) and a decoder fills them through the
 * unchecked setters that bypass the read-only state a received message has.
 */
package io.wirespeed.jms.message;
