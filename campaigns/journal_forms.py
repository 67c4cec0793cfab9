"""The journal's forms: a new scene, a post, an edit, a preview and a GM's void."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .journal import MAX_BODY, MAX_TITLE, PostRefused, check
from .models import new_key

BODY_HELP = _(
    "**bold**, *italics*, a line starting with > is a quote. Dice: [dice]2d20kh1+5[/dice] "
    "is rolled once, by the server, when you post; nobody can change the roll afterwards."
)


class BodyForm(forms.Form):
    body = forms.CharField(
        label=_("Text"),
        max_length=MAX_BODY,
        help_text=BODY_HELP,
        widget=forms.Textarea(attrs={"rows": 6}),
    )

    def __init__(self, *args: Any, pools: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pools = pools  # a dice-pool campaign: `3d6 vs 10` is a tag too

    def clean_body(self) -> str:
        body: str = self.cleaned_data["body"]
        try:
            check(body, pools=self.pools)  # every tag must be valid before anything is rolled
        except PostRefused as refused:
            raise forms.ValidationError(refused.messages) from None
        return body

    def refuse(self, refused: PostRefused) -> None:
        """A problem found while rolling (an explosion past the limits): shown like the others."""
        self.add_error("body", refused.messages)


class PostForm(BodyForm):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    @classmethod
    def fresh(cls, **kwargs: Any) -> "PostForm":
        return cls(initial={"key": new_key()}, **kwargs)

    def clean_key(self) -> str:
        # The page always sends one; a bare request still gets a key of its own.
        return self.cleaned_data.get("key") or new_key()


class ThreadForm(PostForm):
    title = forms.CharField(label=_("Title of the scene"), max_length=MAX_TITLE)

    field_order = ["title", "body", "key"]


class VoidForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)
