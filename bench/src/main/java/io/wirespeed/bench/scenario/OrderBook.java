package io.wirespeed.bench.scenario;

/**
 * The matching engine's books: for each symbol, resting quantity per price level on each side.
 * An incoming order takes liquidity from the best opposite levels its limit price reaches; what is
 * left rests at its price. Price levels are ticks {@code 0 .. LEVELS-1}. Allocation-free.
 */
final class OrderBook
{
    /** Side of a buy order. */
    static final byte BUY = 0;
    /** Side of a sell order. */
    static final byte SELL = 1;
    /** Price levels per symbol. */
    static final int LEVELS = 32;

    private final long[][] bids;
    private final long[][] asks;
    private final int[] bestBid;
    private final int[] bestAsk;

    OrderBook(final int symbols)
    {
        bids = new long[symbols][LEVELS];
        asks = new long[symbols][LEVELS];
        bestBid = new int[symbols];
        bestAsk = new int[symbols];
        java.util.Arrays.fill(bestBid, -1);
        java.util.Arrays.fill(bestAsk, LEVELS);
    }

    /**
     * Matches an order and rests what is left.
     *
     * @param symbol   the symbol's index.
     * @param side     {@link #BUY} or {@link #SELL}.
     * @param price    the limit price level.
     * @param quantity the quantity.
     * @return the quantity filled (0: the order rests whole).
     */
    long match(final int symbol, final byte side, final int price, final long quantity)
    {
        long remaining = quantity;
        if (side == BUY)
        {
            final long[] book = asks[symbol];
            for (int level = bestAsk[symbol]; level <= price && level < LEVELS && remaining > 0; level++)
            {
                final long take = Math.min(remaining, book[level]);
                book[level] -= take;
                remaining -= take;
            }
            if (remaining > 0)
            {
                bids[symbol][price] += remaining;
            }
        }
        else
        {
            final long[] book = bids[symbol];
            for (int level = bestBid[symbol]; level >= price && level >= 0 && remaining > 0; level--)
            {
                final long take = Math.min(remaining, book[level]);
                book[level] -= take;
                remaining -= take;
            }
            if (remaining > 0)
            {
                asks[symbol][price] += remaining;
            }
        }
        return quantity - remaining;
    }

    /**
     * Recomputes the best bid and ask of a symbol.
     *
     * @param symbol the symbol's index.
     * @return true if either changed (a quote is due).
     */
    boolean refreshTop(final int symbol)
    {
        int bid = -1;
        for (int level = LEVELS - 1; level >= 0; level--)
        {
            if (bids[symbol][level] > 0)
            {
                bid = level;
                break;
            }
        }
        int ask = LEVELS;
        for (int level = 0; level < LEVELS; level++)
        {
            if (asks[symbol][level] > 0)
            {
                ask = level;
                break;
            }
        }
        final boolean changed = bid != bestBid[symbol] || ask != bestAsk[symbol];
        bestBid[symbol] = bid;
        bestAsk[symbol] = ask;
        return changed;
    }

    int bestBid(final int symbol)
    {
        return bestBid[symbol];
    }

    int bestAsk(final int symbol)
    {
        return bestAsk[symbol];
    }
}
