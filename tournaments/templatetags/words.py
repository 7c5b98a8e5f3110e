"""The pages' words for the models' values (``tournaments.words``), as template filters:
``{% load words %}``."""

from django import template

from .. import words

register = template.Library()

register.filter("scoring_words", words.scoring_words)
