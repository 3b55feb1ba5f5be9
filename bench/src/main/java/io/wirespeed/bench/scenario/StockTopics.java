package io.wirespeed.bench.scenario;

/**
 * The topics of one stock-exchange run.
 *
 * @param orders   gateway to matching engine.
 * @param trades   trade confirmations back to the gateway.
 * @param confirms order confirmations back to the gateway.
 * @param quotes   price quotes back to the gateway.
 */
record StockTopics(String orders, String trades, String confirms, String quotes)
{
    static StockTopics of(final String prefix)
    {
        return new StockTopics(prefix + ".orders", prefix + ".trades", prefix + ".confirms", prefix + ".quotes");
    }
}
