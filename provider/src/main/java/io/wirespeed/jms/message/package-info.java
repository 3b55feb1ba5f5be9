/**
 * The JMS message types ({@link javax.jms.Message} and its five body kinds) as plain, reusable objects.
 * <p>
 * The classes here hold JMS semantics only: headers, typed properties with the specification's conversion
 * table, bodies with their read-only and write-only rules. They never touch wire bytes. The provider meets them
 * through a few allocation-free hooks:
 * <ul>
 *   <li>send: {@link io.wirespeed.jms.message.JmsMessage#setMessageId(String, long)} (the String id is built
 *       lazily), {@link io.wirespeed.jms.message.JmsMessage#clearMessageId()} for disabled ids, the JMS header
 *       setters, and {@link io.wirespeed.jms.message.JmsMessage#onAsyncSendComplete()} before a
 *       CompletionListener runs;</li>
 *   <li>encoding: {@link io.wirespeed.jms.message.JmsMessage#messageType()}, the
 *       {@link io.wirespeed.jms.message.TypedValueTable} of properties, map entries or stream fields (iterate
 *       slots: name, {@link io.wirespeed.jms.message.ValueType}, raw long bits, object), the bytes body's array
 *       and length, the text, the serialized object;</li>
 *   <li>decoding: the same tables' {@code put}/{@code set} methods and the bodies' unchecked setters, which
 *       bypass the read-only state; then {@link io.wirespeed.jms.message.JmsMessage#onDispatch()},
 *       {@link io.wirespeed.jms.message.JmsMessage#setDeliveryCount(int)} and
 *       {@link io.wirespeed.jms.message.JmsMessage#setAcknowledgeCallback(JmsAcknowledgeCallback)};
 *       {@link io.wirespeed.jms.message.JmsMessage#copy()} for several consumers,
 *       {@link io.wirespeed.jms.message.JmsMessage#clearAll()} to reuse one object.</li>
 * </ul>
 */
package io.wirespeed.jms.message;
