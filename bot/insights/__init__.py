"""Charts of a person's log over a range of days (/week, /month): what they plot (series),
how they are drawn (draw) and the report that pairs the picture with its caption (report)."""
