// The script of the HTML reports (see html_assets.h and html_trace.h). Plain ES2017, no
// library, nothing loaded: it reads the markup html_trace.cc writes (`.trace`, its `.stepper`,
// `li.step` with `data-n`, tables `table.state` whose rows hold a `th` path and a `.new`
// value, `data-continues` naming the trace an outcome starts from) and changes only classes,
// the stepper's controls, the strip of moves, the copy of the step shown one at a time and
// the lazily built whole-state tables, and opens what hides the target of a link.
//
// One step at a time is a copy of that step in a list of its own (`ol.stage`), with the list
// of every step hidden whole: hiding all steps but one, each on its own, made Chromium's
// layout-tree rebuild quadratic in the steps (it walks the hidden siblings to place each box;
// 9,000 steps took over a minute to show).
#include "reports/html_assets.h"

namespace rulecheck::reports {

const char kHtmlScript[] = R"js(
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  function stepsOf(trace) {
    return Array.prototype.slice.call(trace.querySelectorAll(':scope > ol.steps > li.step'));
  }

  // The whole state after each step of a trace (a Map from path to value in the model's
  // order, or null for a failed step), from the state it starts in and the rows of each step.
  var cache = new Map();
  function wholeStates(trace) {
    if (cache.has(trace)) return cache.get(trace);
    var current = new Map();
    var parent = document.getElementById(trace.getAttribute('data-continues') || '');
    if (parent) {
      var before = wholeStates(parent).filter(Boolean);
      if (before.length) current = before[before.length - 1];
    }
    var states = stepsOf(trace).map(function (step) {
      if (step.classList.contains('failed')) return null;
      var next = new Map(current);
      step.querySelectorAll(':scope > table.state > tbody > tr').forEach(function (row) {
        var path = row.querySelector('th'), value = row.querySelector('.new');
        if (path && value) next.set(path.textContent, value.textContent);
      });
      current = next;
      return next;
    });
    cache.set(trace, states);
    return states;
  }

  // Under each step that shows only changes: the whole state after it, built when opened.
  function addWholeState(step) {
    if (!step.querySelector(':scope > table.changes, :scope > p.nochange')) return;
    var details = document.createElement('details');
    details.className = 'whole';
    var summary = document.createElement('summary');
    summary.textContent = 'whole state after this step';
    details.appendChild(summary);
    step.appendChild(details);
  }

  // The table of `state`, the rows `step` changed marked.
  function wholeTable(step, state) {
    var changed = new Set();
    step.querySelectorAll(':scope > table.changes th').forEach(function (th) {
      changed.add(th.textContent);
    });
    var table = document.createElement('table');
    table.className = 'state full';
    var body = table.createTBody();
    state.forEach(function (value, path) {
      var row = body.insertRow();
      if (changed.has(path)) row.className = 'changed';
      var th = document.createElement('th');
      th.scope = 'row';
      th.textContent = path;
      row.appendChild(th);
      var td = row.insertCell();
      td.className = 'value';
      td.textContent = value;
    });
    return table;
  }

  function setUp(trace) {
    var steps = stepsOf(trace);
    steps.forEach(addWholeState);
    // A whole state is built on the click that opens its details (a key press on the summary
    // is a click too), before they open; in a step or in the stage's copy of one.
    trace.addEventListener('click', function (event) {
      var summary = event.target.closest('summary');
      var details = summary && summary.parentElement;
      var step = details && details.classList.contains('whole') && details.parentElement;
      if (!step || step.closest('.trace') !== trace) return;
      if (details.open || details.querySelector('table')) return;
      // Steps are numbered on from the first (html_trace.cc), as the stepper counts them.
      var index = Number(step.getAttribute('data-n')) - Number(steps[0].getAttribute('data-n'));
      var state = wholeStates(trace)[index];
      if (state) details.appendChild(wholeTable(step, state));
    });
    var bar = trace.querySelector(':scope > .stepper');
    if (!bar || steps.length < 2) return;
    var prev = bar.querySelector('.prev'), next = bar.querySelector('.next');
    var slider = bar.querySelector('.slider'), position = bar.querySelector('.position');
    var all = bar.querySelector('.all');
    var first = Number(steps[0].getAttribute('data-n'));
    var last = first + steps.length - 1;
    var at = 0;
    // A strip of every move, to see the whole play and jump to a step.
    var overview = document.createElement('ol');
    overview.className = 'overview';
    overview.setAttribute('aria-label', 'moves');
    var chips = steps.map(function (step, k) {
      var chip = document.createElement('button');
      chip.type = 'button';
      var call = step.querySelector(':scope > .move .call');
      chip.textContent = step.getAttribute('data-n') + ' ' + (call ? call.textContent : '');
      chip.title = step.querySelector(':scope > .move').textContent;
      ['in-cycle', 'cycle-start', 'failed'].forEach(function (name) {
        if (step.classList.contains(name)) chip.classList.add(name);
      });
      chip.addEventListener('click', function () { show(k); });
      var item = document.createElement('li');
      item.appendChild(chip);
      overview.appendChild(item);
      return chip;
    });
    bar.parentNode.insertBefore(overview, bar.nextSibling);
    var stage = document.createElement('ol');
    stage.className = 'stage';
    overview.parentNode.insertBefore(stage, overview.nextSibling);
    function show(index) {
      steps[at].classList.remove('current');
      chips[at].classList.remove('current');
      chips[at].removeAttribute('aria-current');
      at = Math.max(0, Math.min(steps.length - 1, index));
      steps[at].classList.add('current');
      chips[at].classList.add('current');
      chips[at].setAttribute('aria-current', 'step');
      var copy = steps[at].cloneNode(true);
      copy.removeAttribute('id');
      copy.querySelectorAll('details.whole > table').forEach(function (t) { t.remove(); });
      copy.querySelectorAll('details.whole').forEach(function (d) { d.open = false; });
      stage.replaceChildren(copy);
      slider.value = String(first + at);
      position.textContent = 'step ' + (first + at) + ' of ' + last;
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
    }
    function stepping(on) {
      trace.classList.toggle('stepping', on);
      all.setAttribute('aria-pressed', String(!on));
      all.textContent = on ? 'all steps' : 'one step at a time';
    }
    prev.addEventListener('click', function () { show(at - 1); });
    next.addEventListener('click', function () { show(at + 1); });
    slider.addEventListener('input', function () { show(Number(slider.value) - first); });
    all.addEventListener('click', function () {
      stepping(!trace.classList.contains('stepping'));
    });
    trace.addEventListener('keydown', function (event) {
      if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
      var moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      show(moves[event.key]);
    });
    bar.hidden = false;
    stepping(true);
    show(0);
  }

  document.querySelectorAll('.trace').forEach(setUp);

  // A link to a finding in a folded group, or to a step hidden by its stepper, opens the way.
  function reveal() {
    var target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    for (var e = target; e; e = e.parentElement) {
      if (e.tagName === 'DETAILS') e.open = true;
    }
    if (target && target.tagName === 'LI' && target.classList.contains('step')) {
      var trace = target.closest('.trace'), chip;
      var index = stepsOf(trace).indexOf(target);
      chip = trace.querySelectorAll(':scope > .overview button')[index];
      if (chip) chip.click();
      // Shown one at a time, the step itself is hidden: the browser scrolled to nothing.
      if (trace.classList.contains('stepping')) trace.scrollIntoView();
    }
  }
  window.addEventListener('hashchange', reveal);
  if (location.hash) reveal();
})();
)js";

}  // namespace rulecheck::reports
