package io.wirespeed.jms.selector;

import java.util.ArrayList;
import java.util.List;

import javax.jms.DeliveryMode;

import org.junit.jupiter.params.provider.Arguments;

/**
 * The table of selector cases: each row a selector, a message, and whether the selector selects the message.
 * Unless a row says otherwise, the message is {@link TestMessage#standard()}. Where false and unknown must be told
 * apart, a second row wraps the expression in NOT: NOT false selects, NOT unknown does not.
 */
final class SelectorCases
{
    private static final String T = "qty = 100";
    private static final String F = "qty = 1";
    private static final String U = "missing = 1";

    private final List<Arguments> rows = new ArrayList<>();

    private SelectorCases()
    {
    }

    static List<Arguments> all()
    {
        final SelectorCases cases = new SelectorCases();
        cases.literalsAndKeywords();
        cases.numericComparisons();
        cases.numericPromotionAndArithmetic();
        cases.stringsAndBooleans();
        cases.typeMismatch();
        cases.nullSemantics();
        cases.threeValuedLogic();
        cases.precedence();
        cases.between();
        cases.like();
        cases.in();
        cases.headers();
        return cases.rows;
    }

    private void literalsAndKeywords()
    {
        selects("TRUE");
        rejects("FALSE");
        selects("NOT FALSE");
        selects("true");
        selects("TrUe AND NOT fAlSe");
        selects("qty between 1 and 200");
        selects("symbol In ('IBM')");
        selects("symbol like 'I%'");
        selects("nothing is null");
        selects("qty is not null");
        selects("nOt halted");
        selects("active oR halted");
        selects("qty = 0x64");
        selects("qty = 0X64");
        selects("qty = 0144");
        selects("qty = 100L");
        selects("qty = 100.0");
        selects("qty = 1e2");
        selects("qty = 100D");
        selects("qty = 100.0F");
        selects("price = 10.5");
        selects("price = 1.05E1");
        selects("price = 105e-1");
        selects("price = 1050E-2");
        selects(".5 + .5 = 1");
        selects("7. = 7");
        selects("-9223372036854775808 < 0");
        selects("9223372036854775807 > 0");
        selects("-0x1 = -1");
        selects("qty=100");
        selects("\tqty\n=\r100\f");
        selects("(((qty = 100)))");
        selects("'it''s' = 'it''s'");
        selects("größe = 5", TestMessage.standard().with("größe", 5));
        selects("$id_1 = 'x' AND _2 = 2", TestMessage.standard().with("$id_1", "x").with("_2", 2));
    }

    private void numericComparisons()
    {
        selects("qty = 100");
        rejects("qty = 101");
        selects("qty <> 101");
        rejects("qty <> 100");
        selects("qty > 99");
        rejects("qty > 100");
        selects("qty >= 100");
        rejects("qty < 100");
        selects("qty <= 100");
        selects("small = 7");
        selects("shorty = 300");
        selects("small < shorty");
        selects("big > qty");
        selects("big = 5000000000");
        selects("-qty = -100");
        selects("- -qty = 100");
        selects("+qty = 100");
        selects("qty - -1 = 101");
        selects("nan <> nan");
        rejects("nan = nan");
        rejects("nan > 0");
        rejects("nan <= 0");
    }

    private void numericPromotionAndArithmetic()
    {
        selects("qty = 100.0");
        selects("price > qty / 10");
        selects("ratio = 2.5");
        selects("ratio * 2 = 5");
        selects("ratio * qty = 250");
        rejects("f11 = 1.1");
        selects("f11 = 1.1F");
        selects("f11 * 1 = 1.1F");
        selects("odd = 16777216.0F");
        rejects("odd = 16777216.0");
        selects("odd = 16777217.0");
        selects("big > 4e9");
        selects("big * 2 = 10000000000");
        selects("small + shorty = 307");
        selects("qty / 3 = 33");
        selects("qty / 3.0 > 33.3");
        rejects("price = 21 / 2");
        selects("price = 21 / 2.0");
        selects("price = 21.0 / 2");
        selects("qty * 2 - 1 = 199");
        selects("9223372036854775807 + 1 < 0");
        selects("price / 0 > 1e308");
        selects("qty / 0.0 > 1e308");
        selects("-qty / 0.0 < -1e308");
        rejects("qty / 0 = 0");
        rejects("NOT (qty / 0 = 0)");
        selects("(qty / 0) IS NULL");
        selects("qty * 1.5 BETWEEN 149.9 AND 150.1");
    }

    private void stringsAndBooleans()
    {
        selects("symbol = 'IBM'");
        rejects("symbol = 'ibm'");
        rejects("symbol = 'IBM '");
        rejects("symbol <> 'IBM'");
        selects("symbol <> 'MSFT'");
        selects("symbol = symbol");
        rejects("symbol = venue");
        selects("symbol <> venue");
        rejects("Symbol = 'IBM'");
        selects("Symbol = 'upper-case twin'");
        selects("empty = ''");
        rejects("empty = ' '");
        selects("note = 'it''s 100%_done'");
        selects("unicode = 'Grüße 日本 😀'");
        rejects("unicode = 'Grüße 日本'");
        selects("regexy = 'a.b*c+(d)[e]{f}^$|\\?'");
        selects("active = TRUE");
        rejects("active = FALSE");
        selects("halted = FALSE");
        selects("active <> halted");
        selects("active");
        rejects("halted");
        selects("NOT halted");
        selects("(qty > 1) = TRUE");
    }

    private void typeMismatch()
    {
        rejects("numText > 1");
        selects("NOT (numText > 1)");
        rejects("numText = 2");
        selects("NOT (numText = 2)");
        rejects("numText <> 2");
        selects("numText = '2'");
        rejects("qty = '100'");
        rejects("active = 1");
        rejects("active = 'true'");
        rejects("symbol = TRUE");
        rejects("symbol < venue");
        rejects("active > halted");
        rejects("numText + 1 = 3");
        rejects("NOT (numText + 1 = 3)");
        selects("(numText + 1) IS NULL");
        rejects("-numText = -2");
        rejects("qty");
        rejects("NOT qty");
        rejects("symbol");
        rejects("NOT symbol");
    }

    private void nullSemantics()
    {
        selects("missing IS NULL");
        rejects("missing IS NOT NULL");
        rejects("qty IS NULL");
        selects("nothing IS NULL");
        rejects("nothing IS NOT NULL");
        rejects("empty IS NULL");
        rejects("missing = 1");
        rejects("NOT (missing = 1)");
        rejects("missing <> 1");
        rejects("NOT (missing <> 1)");
        rejects("missing = 'x'");
        rejects("missing = missing");
        rejects("NOT (missing = missing)");
        rejects("nothing = 'x'");
        rejects("missing > 1 OR missing <= 1");
        selects("missing + 1 IS NULL");
        rejects("missing + 1 = 1");
        rejects("-missing = 0");
        rejects("missing");
        rejects("NOT missing");
        rejects("nothing");
        rejects("NOT nothing");
        selects("missing IS NULL AND nothing IS NULL");
    }

    private void threeValuedLogic()
    {
        final String[] operands = {T, F, U};
        final int[][] andTable = {{1, 0, 2}, {0, 0, 0}, {2, 0, 2}};
        final int[][] orTable = {{1, 1, 1}, {1, 0, 2}, {1, 2, 2}};
        for (int left = 0; left < 3; left++)
        {
            for (int right = 0; right < 3; right++)
            {
                truthValue(operands[left] + " AND " + operands[right], andTable[left][right]);
                truthValue(operands[left] + " OR " + operands[right], orTable[left][right]);
            }
        }
        truthValue("NOT " + T, 0);
        truthValue("NOT " + F, 1);
        truthValue("NOT " + U, 2);
        truthValue("NOT NOT " + U, 2);
        truthValue("active AND missing", 2);
        truthValue("halted OR missing", 2);
    }

    private void truthValue(final String condition, final int value)
    {
        if (1 == value)
        {
            selects(condition);
            rejects("NOT (" + condition + ")");
        }
        else if (0 == value)
        {
            rejects(condition);
            selects("NOT (" + condition + ")");
        }
        else
        {
            rejects(condition);
            rejects("NOT (" + condition + ")");
        }
    }

    private void precedence()
    {
        selects("qty = 100 OR qty = 1 AND halted");
        rejects("(qty = 100 OR qty = 1) AND halted");
        rejects("NOT qty = 1 AND halted");
        selects("NOT (qty = 1 AND halted)");
        selects("NOT qty = 1");
        selects("2 + 3 * 4 = 14");
        selects("(2 + 3) * 4 = 20");
        selects("10 - 4 - 3 = 3");
        selects("100 / 10 / 5 = 2");
        selects("-2 * -3 = 6");
        selects("-(2 + 3) = -5");
        selects("qty + 1 > qty");
        selects("1 + 1 = 2 AND 2 * 2 = 4 OR FALSE");
        selects("halted OR halted OR active");
        rejects("active AND active AND halted");
    }

    private void between()
    {
        selects("qty BETWEEN 100 AND 200");
        selects("qty BETWEEN 1 AND 100");
        rejects("qty BETWEEN 101 AND 200");
        selects("qty NOT BETWEEN 101 AND 200");
        rejects("qty NOT BETWEEN 100 AND 200");
        rejects("qty BETWEEN 200 AND 100");
        selects("qty NOT BETWEEN 200 AND 100");
        selects("price BETWEEN 10 AND 11");
        selects("qty BETWEEN 99.5 AND 100.5");
        selects("qty BETWEEN 50 + 50 AND 2 * 100");
        selects("-qty BETWEEN -100 AND 0");
        rejects("missing BETWEEN 1 AND 2");
        rejects("NOT (missing BETWEEN 1 AND 2)");
        rejects("missing NOT BETWEEN 1 AND 2");
        rejects("qty BETWEEN missing AND 200");
        rejects("NOT (qty BETWEEN missing AND 200)");
        rejects("qty BETWEEN missing AND 50");
        selects("NOT (qty BETWEEN missing AND 50)");
        selects("qty NOT BETWEEN missing AND 50");
        rejects("numText BETWEEN 1 AND 3");
        rejects("numText NOT BETWEEN 1 AND 3");
        selects("age BETWEEN 15 AND 19", TestMessage.standard().with("age", 15));
        selects("age NOT BETWEEN 15 AND 19", TestMessage.standard().with("age", 20));
    }

    private void like()
    {
        selects("symbol LIKE 'IBM'");
        selects("symbol LIKE 'I%'");
        selects("symbol LIKE '%M'");
        selects("symbol LIKE '%B%'");
        selects("symbol LIKE '_B_'");
        rejects("symbol LIKE '__'");
        rejects("symbol LIKE '____'");
        selects("symbol LIKE '%'");
        selects("symbol LIKE '%%%'");
        rejects("symbol LIKE 'i%'");
        selects("symbol NOT LIKE 'M%'");
        rejects("symbol NOT LIKE 'I%'");
        selects("empty LIKE '%'");
        rejects("empty LIKE '_'");
        selects("empty LIKE ''");
        selects("note LIKE 'it''s%'");
        selects("note LIKE '%100\\%%' ESCAPE '\\'");
        rejects("note LIKE '%100\\%' ESCAPE '\\'");
        selects("note LIKE '%!_done' ESCAPE '!'");
        rejects("note LIKE 'it!_s%' ESCAPE '!'");
        selects("note LIKE '%0%0%'");
        selects("note LIKE 'i%s%d_ne'");
        selects("note LIKE 'it''s 100%_done'");
        selects("regexy LIKE 'a.b*c+(d)[e]{f}^$|\\?'");
        rejects("regexy LIKE 'a.b*c'");
        selects("regexy LIKE 'a_b%'");
        rejects("venue LIKE 'X.YS'");
        rejects("venue LIKE '[X]NYS'");
        rejects("venue LIKE 'X*'");
        selects("unicode LIKE 'Gr_ße%'");
        selects("unicode LIKE '%😀'");
        selects("unicode LIKE '%日_%'");
        selects("unicode LIKE 'Grüße 日本 _'");
        rejects("unicode LIKE 'Grüße 日本 __'");
        rejects("missing LIKE '%'");
        rejects("NOT (missing LIKE '%')");
        rejects("missing NOT LIKE '%'");
        rejects("qty LIKE '1%'");
        rejects("qty NOT LIKE '1%'");
        selects("NOT (qty LIKE '1%')");
        selects("phone LIKE '12%3'", TestMessage.standard().with("phone", "123"));
        selects("phone LIKE '12%3'", TestMessage.standard().with("phone", "12993"));
        rejects("phone LIKE '12%3'", TestMessage.standard().with("phone", "1234"));
        rejects("phone NOT LIKE '12%3'", TestMessage.standard().with("phone", "123"));
        selects("phone NOT LIKE '12%3'", TestMessage.standard().with("phone", "1234"));
        selects("word LIKE 'l_se'", TestMessage.standard().with("word", "lose"));
        rejects("word LIKE 'l_se'", TestMessage.standard().with("word", "loose"));
        selects("underscored LIKE '\\_%' ESCAPE '\\'", TestMessage.standard().with("underscored", "_foo"));
        rejects("underscored LIKE '\\_%' ESCAPE '\\'", TestMessage.standard().with("underscored", "bar"));
        selects("path LIKE 'a\\\\b' ESCAPE '\\'", TestMessage.standard().with("path", "a\\b"));
        selects("s LIKE '%aab'", TestMessage.standard().with("s", "aaaaab"));
        rejects("s LIKE '%a%b%c'", TestMessage.standard().with("s", "aaaaab"));
    }

    private void in()
    {
        selects("symbol IN ('IBM', 'MSFT')");
        selects("symbol IN ('MSFT', 'IBM')");
        rejects("symbol IN ('MSFT')");
        rejects("symbol IN ('ibm', 'IBM ')");
        selects("symbol NOT IN ('MSFT')");
        rejects("symbol NOT IN ('MSFT', 'IBM')");
        rejects("missing IN ('a')");
        rejects("missing NOT IN ('a')");
        rejects("NOT (missing IN ('a'))");
        rejects("qty IN ('100')");
        rejects("qty NOT IN ('100')");
        selects("unicode IN ('x', 'Grüße 日本 😀')");
        selects("empty IN ('')");
        selects("note IN ('it''s 100%_done')");
        selects("JMSType IN ('car', 'truck')");
        selects("Country IN (' UK', 'US', 'France')", TestMessage.standard().with("Country", " UK"));
        rejects("Country IN (' UK', 'US', 'France')", TestMessage.standard().with("Country", "Peru"));
        rejects("Country NOT IN (' UK', 'US', 'France')", TestMessage.standard().with("Country", " UK"));
        selects("Country NOT IN (' UK', 'US', 'France')", TestMessage.standard().with("Country", "Peru"));
    }

    private void headers()
    {
        selects("JMSDeliveryMode = 'PERSISTENT'");
        rejects("JMSDeliveryMode = 'NON_PERSISTENT'");
        selects("JMSDeliveryMode = 'NON_PERSISTENT'",
            TestMessage.standard().deliveryMode(DeliveryMode.NON_PERSISTENT));
        rejects("JMSDeliveryMode = 2");
        selects("JMSDeliveryMode LIKE '%PERSISTENT'");
        selects("JMSPriority > 4");
        rejects("JMSPriority BETWEEN 0 AND 4");
        selects("JMSPriority BETWEEN 0 AND 4", TestMessage.standard().priority(3));
        selects("JMSPriority = 7.0");
        selects("JMSType = 'car'");
        rejects("JMSType = 'Car'");
        selects("JMSType IS NULL", TestMessage.standard().type(null));
        rejects("JMSType = 'car'", TestMessage.standard().type(null));
        selects("JMSType = ''", TestMessage.standard().type(""));
        selects("JMSCorrelationID = 'corr-42'");
        selects("JMSCorrelationID LIKE 'corr-%'");
        selects("JMSCorrelationID IS NULL", TestMessage.standard().correlationId(null));
        selects("JMSCorrelationID = 'raw-ü'", TestMessage.standard().correlationIdBytes(TestMessage.utf8("raw-ü")));
        selects("JMSMessageID LIKE 'ID:%'");
        selects("JMSMessageID = '" + TestMessage.MESSAGE_ID + "'");
        selects("JMSMessageID LIKE '%:3:9:12345'");
        selects("JMSMessageID IS NULL", TestMessage.standard().messageIdDisabled());
        rejects("JMSMessageID LIKE 'ID:%'", TestMessage.standard().messageIdDisabled());
        selects("JMSTimestamp > 1600000000000");
        selects("JMSTimestamp = 1700000000000");
        selects("JMSXDeliveryCount = 2");
        selects("JMSXDeliveryCount = 1", TestMessage.standard().deliveryCount(1));
        selects("JMSRedelivered IS NULL");
        selects("jmspriority IS NULL");
        selects("JMSType = 'car' AND symbol = 'IBM' AND qty > 50 AND JMSPriority >= 7");
    }

    private void selects(final String selector)
    {
        selects(selector, TestMessage.standard());
    }

    private void rejects(final String selector)
    {
        rejects(selector, TestMessage.standard());
    }

    private void selects(final String selector, final TestMessage message)
    {
        rows.add(Arguments.of(selector, true, message));
    }

    private void rejects(final String selector, final TestMessage message)
    {
        rows.add(Arguments.of(selector, false, message));
    }
}
