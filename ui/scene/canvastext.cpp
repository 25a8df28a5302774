#include "ui/scene/canvastext.h"

#include <algorithm>

namespace rlab::ui {

namespace {

// Normal mode: point sizes (as the items set them) and weight.
struct Normal
{
    double pt;
    bool bold;
};

Normal normal(CanvasText::Role role)
{
    using R = CanvasText::Role;
    switch (role) {
    case R::ChipLabel: return {10, true};
    case R::CardKind: return {8.5, true};
    case R::CardTitle: return {11.5, true};
    case R::CardDetail: return {9, false};
    case R::CardSummary: return {9, false};
    case R::CounterLabel: return {8, false};
    case R::CounterNumber: return {15, true};
    case R::Badge: return {9, true};
    case R::LaneTitle: return {11.5, true};
    case R::LaneStatus: return {9, false};
    }
    return {9, false};
}

bool presenterBold(CanvasText::Role role)
{
    using R = CanvasText::Role;
    return role == R::ChipLabel || role == R::CardTitle || role == R::Badge || role == R::LaneTitle;
}

} // namespace

double CanvasText::pixelSize(Role role, bool presenter)
{
    return presenter ? kPresenterPx : normal(role).pt * 96.0 / 72.0;
}

QFont CanvasText::font(Role role, bool presenter)
{
    QFont f;
    if (presenter) {
        f.setPixelSize(int(kPresenterPx));
        f.setBold(presenterBold(role));
    } else {
        f.setPointSizeF(normal(role).pt);
        f.setBold(normal(role).bold);
    }
    return f;
}

QList<CanvasText::Role> CanvasText::drawnRoles(bool presenter)
{
    using R = Role;
    if (presenter)
        return {R::ChipLabel, R::CardTitle, R::CardSummary, R::Badge, R::LaneTitle, R::LaneStatus};
    return {R::ChipLabel, R::CardKind, R::CardTitle, R::CardDetail, R::CounterLabel, R::CounterNumber, R::Badge,
            R::LaneTitle, R::LaneStatus};
}

double CanvasText::smallestPx(bool presenter)
{
    double least = 1e9;
    for (Role r : drawnRoles(presenter))
        least = std::min(least, pixelSize(r, presenter));
    return least;
}

} // namespace rlab::ui
