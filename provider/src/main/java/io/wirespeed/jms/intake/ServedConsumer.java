package io.wirespeed.jms.intake;

/**
 * The consumer a {@link TopicSource} serves, as the delivery thread sees it when it has read the source's stream for
 * it: something whose listener takes what was read. The consumer's own class lives above this package.
 */
public interface ServedConsumer
{
    /**
     * Delivers waiting messages to the listener; called by the connection's delivery thread.
     *
     * @param fragmentLimit the most fragments to read.
     * @return the work done.
     */
    int deliverToListener(int fragmentLimit);
}
