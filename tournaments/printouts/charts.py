"""One drawing of players' chips over time, for PDFs (as a flowable) and for HTML
pages (rendered to SVG), so the screen and the paper show the same chart."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.graphics import renderSVG
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, PolyLine, String
from reportlab.lib import colors

from . import fonts

PALETTE = [
    colors.HexColor(c)
    for c in (
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
]


def chips_chart(
    series: Sequence[tuple[str, Sequence[int]]],
    x_label: str = "deal",
    width: float = 520,
    height: float = 200,
    baseline: int | None = None,
) -> Drawing:
    """A line per player of their chips at each point (0 = the start).

    ``series`` is (name, values) with one value per point; ``baseline`` draws a
    dotted line, e.g. at the starting chips.
    """
    fonts.register()
    drawing = Drawing(width, height)
    legend_width = 130
    plot = LinePlot()
    plot.x, plot.y = 36, 26
    plot.width = width - plot.x - legend_width - 10
    plot.height = height - plot.y - 12
    points = max((len(v) for _, v in series), default=1)
    last = max(points - 1, 1)
    all_values = [v for _, values in series for v in values] or [0]
    low, high = min(all_values + [baseline or 0]), max(all_values + [baseline or 0])
    if low == high:
        high = low + 1
    # The plot draws only the axes (its one line, corner to corner, is invisible): its
    # per-point styling costs far more than a polyline per player on a long event.
    plot.data = [[(0, low), (last, high)]]
    plot.lines[0].strokeColor = None
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = low, high
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, last
    plot.xValueAxis.valueStep = max(1, (points - 1) // 10 or 1)
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName = fonts.REGULAR
        axis.labels.fontSize = 7
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
            4,
            x_label,
            fontName=fonts.REGULAR,
            fontSize=7,
            textAnchor="middle",
        )
    )
    legend = Legend()
    legend.x, legend.y = width - legend_width, height - 6
    legend.fontName, legend.fontSize = fonts.REGULAR, 7
    legend.alignment = "right"
    legend.columnMaximum = 12
    legend.colorNamePairs = [
        (PALETTE[i % len(PALETTE)], f"{name} ({values[-1] if values else 0})")
        for i, (name, values) in enumerate(series)
    ]
    drawing.add(legend)
    return drawing


def chart_svg(drawing: Drawing) -> str:
    """The drawing as an inline SVG element for an HTML page (no JavaScript)."""
    svg = renderSVG.drawToString(drawing)
    return svg[svg.index("<svg") :]
