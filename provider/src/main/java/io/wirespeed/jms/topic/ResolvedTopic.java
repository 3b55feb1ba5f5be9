package io.wirespeed.jms.topic;

/**
 * A live topic that topic resolution knows: a publisher advertised it and the advertisement has not expired.
 *
 * @param name        the topic name.
 * @param channel     the channel its messages travel on.
 * @param streamId    its partition stream on that channel.
 * @param expiresAtMs when the advertisement expires unless renewed, epoch milliseconds.
 */
public record ResolvedTopic(String name, String channel, int streamId, long expiresAtMs)
{
}
