"""One drawing of players' chips over time, for PDFs (as a flowable) and for HTML
pages (rendered to SVG), so the screen and the paper show the same chart."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from django.utils.html import format_html
from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors

from . import fonts

HEX = (
    "#8a1c1c",
    "#1f5fa8",
    "#2e7d32",
    "#c77700",
    "#6a3d9a",
    "#00838f",
    "#5d4037",
    "#ad1457",
    "#546e7a",
    "#9e9d24",
)
PALETTE = [colors.HexColor(c) for c in HEX]


def chips_chart(
    series: Sequence[tuple[str, Sequence[int]]],
    x_label: str = "deal",
    width: float = 520,
    height: float = 200,
    baseline: int | None = None,
    x_labels: Sequence[str] | None = None,
    font_size: float = 7,
    legend_below: bool = False,
    legend: bool = True,
) -> Drawing:
    """A line per player of their chips at each point (0 = the start).

    ``series`` is (name, values) with one value per point; ``baseline`` draws a
    dotted line, e.g. at the starting chips; ``x_labels`` names the points (``start``,
    then each event's date) instead of numbering them. The type is ``font_size``
    points (a page's chart is drawn larger than the paper's); ``legend_below`` puts
    the names under the plot, in two columns, for a narrow screen; ``legend=False``
    draws none (a page says it in HTML: ``legend_html``). A gridline at each step of the
    chips' axis, each labelled, the frame's top and bottom included (``chip_axis``): no
    line runs to an edge without its number, on paper as on screen.
    """
    fonts.register()
    drawing = Drawing(width, height)
    scale = font_size / 7
    line = font_size * 1.5
    legend_width = 0 if legend_below or not legend else 130 * scale
    legend_height = line * ((len(series) + 1) // 2 + 1) if legend_below and legend else 0
    plot = LinePlot()
    plot.x, plot.y = 36 * scale, 26 * scale + legend_height
    # Room on the right for the last point's label, centred under it.
    plot.width = width - plot.x - legend_width - (3 * font_size if legend_width == 0 else 10)
    plot.height = height - plot.y - 12 * scale
    points = max((len(v) for _, v in series), default=1)
    last = max(points - 1, 1)
    all_values = [v for _, values in series for v in values] or [0]
    low, high = min(all_values + [baseline or 0]), max(all_values + [baseline or 0])
    if low == high:
        high = low + 1
    low, high, step = chip_axis(low, high)
    # The plot draws only the axes (its one line, corner to corner, is invisible): its
    # per-point styling costs far more than a polyline per player on a long event.
    plot.data = [[(0, low), (last, high)]]
    plot.lines[0].strokeColor = None
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = low, high
    plot.yValueAxis.valueStep = step
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    plot.yValueAxis.gridStrokeWidth = 0.5
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, last
    plot.xValueAxis.valueStep = max(1, (points - 1) // 10 or 1)
    if x_labels is not None:
        names = list(x_labels)
        plot.xValueAxis.labelTextFormat = lambda v: (
            names[int(round(v))] if 0 <= round(v) < len(names) else ""
        )
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = fonts.REGULAR
        axis.labels.fontSize = font_size
    drawing.add(plot)

    def y_of(value: int) -> float:
        return plot.y + plot.height * (value - low) / (high - low)

    for i, (_, values) in enumerate(series):
        xy = []
        for n, value in enumerate(values):
            xy += [plot.x + plot.width * n / last, y_of(value)]
        drawing.add(
            PolyLine(
                xy,
                strokeColor=PALETTE[i % len(PALETTE)],
                strokeWidth=1.5,
                strokeLineCap=0,
                strokeLineJoin=1,
            )
        )
    if baseline is not None:
        y = y_of(baseline)
        drawing.add(
            Line(
                plot.x,
                y,
                plot.x + plot.width,
                y,
                strokeColor=colors.grey,
                strokeDashArray=[2, 2],
                strokeWidth=0.5,
            )
        )
    drawing.add(
        String(
            plot.x + plot.width / 2,
            4 + legend_height,
            x_label,
            fontName=fonts.REGULAR,
            fontSize=font_size,
            textAnchor="middle",
        )
    )
    if not legend:
        return drawing
    legend = Legend()
    legend.fontName, legend.fontSize = fonts.REGULAR, font_size
    legend.deltay = max(legend.deltay, line)
    legend.alignment = "right"
    if legend_below:
        legend.x, legend.y = 4, legend_height - line / 4
        legend.columnMaximum = (len(series) + 1) // 2 or 1
        legend.deltax = width / 2
        legend.dxTextSpace = font_size / 2
        legend.autoXPadding = font_size
    else:
        legend.x, legend.y = width - legend_width, height - 6
        legend.columnMaximum = 12
    legend.colorNamePairs = [
        (PALETTE[i % len(PALETTE)], legend_words(name, values))
        for i, (name, values) in enumerate(series)
    ]
    drawing.add(legend)
    return drawing


def chip_axis(low: int, high: int, lines: int = 5) -> tuple[int, int, int]:
    """The chips' axis for ``low`` to ``high`` with a gridline at each step, every one
    labelled: a round step (1, 2 or 5 times a power of ten) giving about ``lines``
    steps, and the axis widened to the steps around the values, so that no line runs
    to an unlabelled edge of the frame.

    >>> chip_axis(132, 502), chip_axis(85, 165), chip_axis(-3, 4), chip_axis(100, 101)
    ((100, 600, 100), (80, 180, 20), (-4, 4, 2), (100, 101, 1))
    """
    rough = (high - low) / lines
    power = 10 ** max(0, math.floor(math.log10(rough))) if rough >= 1 else 1
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    return step * math.floor(low / step), step * math.ceil(high / step), step


def legend_words(name: str, values: Sequence[int]) -> str:
    """A line's name in the legend: the player and their chips at the last point."""
    return f"{name} ({values[-1] if values else 0})"


def legend_html(series: Sequence[tuple[str, Sequence[int]]]) -> str:
    """The chart's legend for a page: each player's line colour and name in the page's
    own type, as a list that wraps to the screen (a phone shrinks the drawing, and a
    legend drawn in it, to type too small to read)."""
    items = "".join(
        format_html(
            '<li><span class="swatch" style="background: {}"></span>'
            '<span class="legend-name">{}</span></li>',
            HEX[i % len(HEX)],
            legend_words(name, values),
        )
        for i, (name, values) in enumerate(series)
    )
    return f'<ul class="chart-legend">{items}</ul>'


def chart_svg(drawing: Drawing) -> str:
    """The drawing as an inline SVG element for an HTML page (no JavaScript), as wide as
    its box allows (the stylesheet bounds it), in the paper's font where the browser
    has it, else its sans-serif."""
    svg = renderSVG.drawToString(drawing)
    svg = svg[svg.index("<svg") :]
    svg = re.sub(r'^<svg width="[\d.]+" height="[\d.]+"', '<svg class="chips-chart"', svg)
    return re.sub(r"font-family: ([A-Za-z]+)", r"font-family: \1, 'DejaVu Sans', sans-serif", svg)


# A page's chart: drawn larger than the paper's, so its words stay readable on screen.
WEB_FONT_SIZE = 11


def web_chart(series, x_label: str, baseline: int | None = 0, x_labels=None) -> str:
    """A page's chart of chips (``chips_chart``) as inline SVG, 480 units wide, so a
    phone shows it whole, and its legend below it in HTML (``legend_html``), in the
    page's type whatever the drawing's scale."""
    svg = chart_svg(
        chips_chart(
            series,
            x_label,
            width=480,
            height=260,
            baseline=baseline,
            x_labels=x_labels,
            font_size=WEB_FONT_SIZE,
            legend=False,
        )
    )
    return svg + legend_html(series)
