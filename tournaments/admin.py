from django import forms
from django.contrib import admin

from . import models, words
from .forms import clean_typed_name
from .services.activity import Action, log_activity
from .services.clubs import merged_away
from .services.events import fixed_settings, prize_settings


class PlayerAdminForm(forms.ModelForm):
    """Cleans the name before the unique check, as every other way a name enters."""

    class Meta:
        model = models.Player
        fields = ["name", "club", "notes"]

    def clean_name(self):
        return clean_typed_name(self.cleaned_data.get("name", ""), "name")

    def clean_club(self):
        return clean_typed_name(self.cleaned_data.get("club", ""), "club")


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerAdminForm
    list_display = ["name", "club"]
    search_fields = ["name", "club"]

    def save_model(self, request, obj, form, change):
        # A rename here keeps the former name too, as the players page's does.
        if change and "name" in form.changed_data and form.initial.get("name"):
            models.FormerName.objects.create(
                player=obj, name=form.initial["name"], renamed_by=request.user
            )
        super().save_model(request, obj, form, change)


class RegistrationInline(admin.TabularInline):
    model = models.Registration
    extra = 0
    autocomplete_fields = ["player"]


class ClubMembershipForm(forms.ModelForm):
    """A player merged into another is refused, as the members page refuses them."""

    def clean_player(self):
        player = self.cleaned_data["player"]
        refused = "player" in self.changed_data and merged_away(player)
        if refused:
            raise forms.ValidationError(refused)
        return player


class ClubMembershipInline(admin.TabularInline):
    """A club's members: a player picked by circuit number (raw id), since a date."""

    model = models.ClubMembership
    form = ClubMembershipForm
    fields = ["player", "since"]
    raw_id_fields = ["player"]
    extra = 0


class SuperusersOnly:
    """Rows of every club: the admin reads across clubs (tournaments.scoping), so these
    are a superuser's alone, whatever model permissions a staff account was given. A
    club's organizers use the app's pages, which keep to their club."""

    def has_module_permission(self, request):
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args):
        return request.user.is_superuser and super().has_add_permission(request, *args)

    def has_change_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_delete_permission(request, obj)


@admin.register(models.Club)
class ClubAdmin(SuperusersOnly, admin.ModelAdmin):
    """A club's name, organizers and members; its signing key is never shown (not
    editable)."""

    list_display = ["name", "slug"]
    fields = ["name", "slug", "organizers"]
    filter_horizontal = ["organizers"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubMembershipInline]


@admin.register(models.Event)
class EventAdmin(SuperusersOnly, admin.ModelAdmin):
    list_display = ["name", "date", "kind", "ruleset", "published"]
    list_filter = ["kind", "ruleset", "published"]
    filter_horizontal = ["organizers"]
    search_fields = ["name", "venue"]
    inlines = [RegistrationInline]

    def get_readonly_fields(self, request, obj=None):
        # The deals were scored under them: fixed once dealt, as on the event's page.
        if obj is not None and obj.has_deals():
            return models.Event.FIXED_ONCE_DEALT
        return ()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        # In the event's activity log as the services' changes are (the ledger audit
        # reads the starting chips the deals were played from there).
        log_activity(
            obj,
            request.user,
            Action.ADMIN_EDIT_EVENT if change else Action.ADMIN_CREATE_EVENT,
            fields=sorted(form.changed_data),
            fixed=fixed_settings(obj),
            prizes=prize_settings(obj),
        )


class ShownOnly:
    """An admin (or an inline) that shows its rows and never adds, changes or deletes
    one: they are written by the app's services."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(ShownOnly, admin.TabularInline):
    """A table's seats, shown only: a round's seats are written by the services
    (services/seats.py), which hold "a player sits at one table of a round" beside
    each seat in the database (Sitting); the round's page draws, swaps and sets up
    tables by hand."""

    model = models.Seat
    extra = 0


@admin.register(models.Round)
class RoundAdmin(SuperusersOnly, admin.ModelAdmin):
    list_display = ["event", "number", "seed", "drawn_at"]
    filter_horizontal = ["present", "byes"]


@admin.register(models.Table)
class TableAdmin(SuperusersOnly, admin.ModelAdmin):
    list_display = ["__str__", "round"]
    inlines = [SeatInline]


class ReadOnlyAdmin(SuperusersOnly, ShownOnly, admin.ModelAdmin):
    """Deals, versions and the ledger change only through the app's services."""


@admin.register(models.Deal)
class DealAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "kind_words", "bidder", "bid_words", "version", "voided"]
    list_filter = ["kind", "voided"]
    list_select_related = ["table", "bidder"]  # the bidder may be none: named, not implied

    # In the words of the deal's own game (the field's choices are every game's).
    @admin.display(description="kind", ordering="kind")
    def kind_words(self, deal):
        return words.kind_words(deal)

    @admin.display(description="bid", ordering="bid")
    def bid_words(self, deal):
        return words.bid_words(deal)


@admin.register(models.DealVersion)
class DealVersionAdmin(ReadOnlyAdmin):
    list_display = ["deal", "number", "action", "created_by", "created_at"]


@admin.register(models.LedgerEntry)
class LedgerEntryAdmin(ReadOnlyAdmin):
    list_display = ["id", "event", "deal", "payer", "payee", "chips", "reason_words", "created_at"]
    list_filter = ["reason"]
    list_select_related = ["event", "deal__table", "payer", "payee"]

    @admin.display(description="reason", ordering="reason")
    def reason_words(self, entry):
        return words.reason_words(entry.reason, entry.event.game)


@admin.register(models.DealNet)
class DealNetAdmin(ReadOnlyAdmin):
    list_display = ["deal", "version", "player", "chips"]
    list_select_related = ["deal__table__round__event", "player"]


@admin.register(models.ActivityEntry)
class ActivityEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "event", "user", "action_words"]
    list_select_related = ["event", "user"]

    @admin.display(description="action", ordering="action")
    def action_words(self, entry):
        return words.activity_words(entry.action, entry.detail)


@admin.register(models.ChipCount)
class ChipCountAdmin(ReadOnlyAdmin):
    list_display = ["table", "player", "counted", "expected", "recorded_by", "recorded_at"]


@admin.register(models.Substitution)
class SubstitutionAdmin(ReadOnlyAdmin):
    """A seat handed over: made only by services.substitute_player (its checks)."""

    list_display = ["seat", "substitute", "from_deal", "mode", "created_by", "created_at"]
    list_select_related = ["seat__player", "seat__table__round__event", "substitute", "created_by"]
