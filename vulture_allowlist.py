"""Names used where vulture cannot see them: called or read by name by Django,
django-tables2, django-axes or reportlab, or read by the templates. ``make lint`` runs
vulture over the code with this file, so a name listed here counts as used.

Add a name here only when a framework or a template uses it (say which); code that
nothing uses is deleted instead. Never run, never imported.
"""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

# Django: a model's Meta options.
_.abstract
_.indexes
_.ordering
_.verbose_name_plural

# Django: model fields written and read through the ORM by name (create() keywords,
# select_related, values_list, update()); auto timestamps the database keeps.
_.changed_at
_.entered_via
_.folded_club
_.recorded_by
_.registered_at
_.renamed_at
_.renamed_by
_.reverses
_.sent_via
_.updated_at

# Django: forms (Meta options, clean_<field> hooks, field attributes set in __init__).
_.clean_club
_.clean_csv
_.clean_new_name
_.clean_player
_.clean_rename
_.clean_venue
_.max_value
_.min_value
_.disabled
_.field_classes
_.label_from_instance
_.prepare_value
_.queryset
_.widgets

# Django: the admin (its options and hooks).
_.autocomplete_fields
_.filter_horizontal
_.get_readonly_fields
_.inlines
_.list_display
_.list_filter
_.list_select_related
_.search_fields

# Django: the app's config, URLconfs, management commands, middleware (settings.py
# names it by its dotted path).
_.TournamentsConfig
_.default_auto_field
_.ready
_.urlpatterns
_.add_arguments
_.RefuseNulMiddleware

# django-axes: the sign-in lock's hooks, named by dotted path in settings.py.
_.lock_username
_.lockout_response

# django-tables2: a table's template and its render_<column> hooks.
_.template_name
_.render_dropped
_.render_player
_.render_total
_.render_rank
_.render_score
_.render_points
_.render_places

# reportlab: attributes its charts and legends read, and a Flowable's wrap.
_.alignment
_.autoXPadding
_.colorNamePairs
_.columnMaximum
_.deltax
_.dxTextSpace
_.fontName
_.gridStrokeColor
_.gridStrokeWidth
_.labelTextFormat
_.strokeColor
_.valueMax
_.valueMin
_.valueStep
_.visibleGrid
_.wrap

# Templates: properties and fields only a template reads.
_.ranking_fields  # event_form.html: how the event ranks
_.last_place_shown  # wall_live.html: a standing's latest place at a table
_.score_shown  # wall_live.html
_.place_shown  # statement.html: his place at a table
_.adoptable  # _rejected_version.html
_.deal_url  # _deal_conflict.html (and its link_may_correct, saved_*, yours)
_.description_json  # _game_fields.html
_.fragment_key  # deal_form.html, table_sheet.html (the fragments' cache keys)
_.first_error  # deal_form.html (the Save bar's link to the first field in error)
_.how_counted  # card_points.html
_.intro  # table_form.html
_.link_may_correct
_.ruleset_fieldsets  # event_form.html
_.saved_at
_.saved_by
_.saved_voided
_.yours

# The core: enum members made from a stored value (TexasReason(kind),
# PetrtylReason(kind)), never named in the code.
_.EIGHT_TRUMPS
_.TEN_TRUMPS
_.TRULL
_.PANE
_.TRULL_PANE
_.KRALE
_.ROSANNE_PANE
_.SPJST
_.TWO_TRUMPS
_.NO_TRUMPS
_.REGIMENT
_.TRULE
_.ALL_FOUR
_.FOUR_HONOURS
_.LACK_OF_REGIMENT
_.NO_TRULE_CARD
_.NO_CHIEF

# The core: fields read by name (a Ruleset's options through OPTION_FIELDS; a Petrtyl
# outcome's by key, outcome["chief_in_talon"], getattr(outcome, "chief_last")).
_.blind_half_to_lone_bidder
_.chief_in_talon
_.chief_last

# The core: Nebraska's DealOutcome.to_document, the inverse of from_document, by which
# tests/scoring/test_properties.py checks that reading a document loses nothing.
_.to_document

# Templates: what the rejected version's differences and the phone's sheet read
# (_rejected_version.html, table_sheet.html and its css_string filter).
_.css_string
_.differences
_.only_saved
_.only_this
_.phone_labels

# The director's view and the tables' calls (director.html, director_live.html,
# _director_call.html): what the templates read, the form's clean_word, the choices.
_.ago
_.behind
_.clean_word
_.DISPUTE
_.QUESTION
_.raised_via
# The prize form's fields and their clean_ methods (Django reads them by name), and a
# prize row's dollars (prize_list.html).
_.entry_fee
_.clean_entry_fee
_.clean_prize_table
_.prize
_.prizes_said
# Rounds on the clock (_clock.html reads a clock.Shown).
_.extended
_.stopped_at
_.bell_words
_.bell_ms
_.now_ms
_.left_words
# The director's page reads its session words (director_live.html); the kept copy's
# messages say "not used" to Django's storage contract; the middleware is named in settings.
_.session_words
_.used
_.KeepCopyMiddleware
# The club scope's middleware, named in settings, and its hook Django calls by name.
_.ClubScopeMiddleware
_.process_view
# Substitutes: read by the table sheet template.
_.player_heads
# The event form's formats, read by event_form.html for its script (event_formats.js).
_.formats
# The bare Django floor (scripts/bench_bare_cycle.py): a throwaway app's package path
# and its model's Meta, read by Django.
_.__path__
_.app_label
_.unique_together
# Late players and substitutes (issue 36): form fields and their clean_ methods Django
# reads by name, and the substitute form's list of seats handed over (_substitute.html).
_.no_fee
_.newcomer
_.clean_newcomer
_.handed_over
# The admin's permissions, asked by Django by name (a table's seats shown, never changed).
_.has_add_permission
_.has_change_permission
_.has_delete_permission
_.has_module_permission  # the admin of every club's rows, a superuser's alone
_.has_view_permission

# The results by email (issue 39): the outbox's fields written through the ORM
# (bulk_create, bulk_update, update()) and read by the page (results_mail.html reads a
# Letter's sendable, state_words, ticked, failure and attempts).
_.failure
_.attempts
_.queued_at
_.queued_by
_.tried_at
_.sendable
_.state_words
_.ticked
# Clubs (issue 37): the admin's slug from the name; a player's circuit number, read by
# player_detail.html; a season's club, set by the services and read through the ORM
# (owner_club_id); a club's signing key, kept for the signed event files to come.
_.prepopulated_fields
_.circuit_number
_.owner_club
_.signing_key
# Merging a player recorded twice (issue 37): the alias column and the merge's record,
# written through the ORM and read by player_detail.html; the ledger's checksum, which
# the merge tests compare before, after and after the undo.
_.merged_by
_.merged_at
_.undone_by
_.ledger_checksum
# A club's members (issue 37): the admin's inline picks the player by id.
_.raw_id_fields
# The circuit (issues 37 and 38): the log's actions for an approval (their words read by
# name), the approval's and the published list's records kept for the admin and the log,
# the list's latest by date, the officers' permission (Django reads Meta.permissions),
# and the upload form's file field (read by the form).
_.APPROVE_FOR_LIST
_.WITHDRAW_FROM_LIST
_.approved_by
_.approved_at
_.computed_at
_.published_by
_.get_latest_by
_.permissions
_.file
