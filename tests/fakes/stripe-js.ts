/**
 * A stand-in for Stripe.js v3 (https://js.stripe.com/v3/) served by the fake Stripe at /v3/:
 * the parts a page uses for the Payment Element with deferred intent creation (`elements({ mode,
 * amount, currency })`, `create('payment')`, `mount`, `update`, `on('change' | 'ready')`,
 * `submit`), `confirmPayment`, `confirmSetup` and `handleNextAction`. The card fields render
 * in the page (the real element is an iframe on Stripe's origin) and the card goes straight to
 * the fake Stripe with the publishable key and the intent's client secret, never to the page's
 * own server, as with the real thing. It checks what Stripe.js checks before a call: a
 * clientSecret of the right kind, setupFutureUsage matching the intent's, a submitted element.
 */
export const FAKE_STRIPE_JS = String.raw`(function () {
  'use strict'
  var script = document.currentScript
  var apiBase = new URL(script ? script.src : location.href).origin
  var mounted = 0

  function cardError(code, message) {
    return { type: 'validation_error', code: code, message: message }
  }

  function digitsOf(value) {
    return String(value || '').replace(/\s+/g, '')
  }

  function formatNumber(value) {
    return digitsOf(value).replace(/\D/g, '').slice(0, 19).replace(/(\d{4})(?=\d)/g, '$1 ')
  }

  function luhn(number) {
    var sum = 0
    for (var index = 0; index < number.length; index += 1) {
      var digit = Number(number[number.length - 1 - index])
      if (index % 2 === 1) {
        digit *= 2
        if (digit > 9) digit -= 9
      }
      sum += digit
    }
    return sum % 10 === 0
  }

  function parseExpiry(value) {
    var match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(value || '')
    if (!match) return null
    return { month: Number(match[1]), year: 2000 + Number(match[2]) }
  }

  /** One field's own check, in Stripe's words; null when it is complete. */
  function checkField(name, value) {
    if (name === 'number') {
      var number = digitsOf(value)
      if (!/^\d{12,19}$/.test(number)) return cardError('incomplete_number', 'Your card number is incomplete.')
      if (!luhn(number)) return cardError('invalid_number', 'Your card number is invalid.')
      return null
    }
    if (name === 'expiry') {
      var expiry = parseExpiry(value)
      if (!expiry) return cardError('incomplete_expiry', "Your card's expiration date is incomplete.")
      var now = new Date()
      if (expiry.month < 1 || expiry.month > 12) return cardError('invalid_expiry_month', "Your card's expiration date is invalid.")
      if (expiry.year < now.getFullYear() || (expiry.year === now.getFullYear() && expiry.month < now.getMonth() + 1)) {
        return cardError('invalid_expiry_year_past', "Your card's expiration year is in the past.")
      }
      return null
    }
    return /^\d{3,4}$/.test(String(value).trim()) ? null : cardError('incomplete_cvc', "Your card's security code is incomplete.")
  }

  /** The element's checks of the whole card: the first field's error, or null when complete. */
  function validate(fields) {
    return checkField('number', fields.number.value) || checkField('expiry', fields.expiry.value) || checkField('cvc', fields.cvc.value)
  }

  function field(id, label, attributes) {
    var wrap = document.createElement('div')
    wrap.style.marginBottom = '10px'
    var caption = document.createElement('label')
    caption.htmlFor = id
    caption.textContent = label
    caption.style.display = 'block'
    caption.style.fontSize = '14px'
    caption.style.marginBottom = '4px'
    caption.style.color = '#30313d'
    var input = document.createElement('input')
    input.id = id
    Object.keys(attributes).forEach(function (name) {
      input.setAttribute(name, attributes[name])
    })
    input.style.width = '100%'
    input.style.boxSizing = 'border-box'
    input.style.padding = '10px 12px'
    input.style.border = '1px solid #e6e6e6'
    input.style.borderRadius = '6px'
    input.style.fontSize = '16px'
    input.style.boxShadow = '0 1px 1px rgba(0,0,0,0.03), 0 3px 6px rgba(0,0,0,0.02)'
    wrap.appendChild(caption)
    wrap.appendChild(input)
    return { wrap: wrap, input: input }
  }

  function PaymentElement(group, options) {
    var self = this
    var listeners = {}
    var readOnly = Boolean(options && options.readOnly)
    var fields = null
    var shownError = null
    var root = null

    function emit(name, event) {
      ;(listeners[name] || []).forEach(function (listener) {
        listener(event)
      })
    }

    function applyReadOnly() {
      if (!fields) return
      ;[fields.number, fields.expiry, fields.cvc].forEach(function (input) {
        input.readOnly = readOnly
        input.style.background = readOnly ? '#f3f4f6' : '#fff'
        input.style.color = readOnly ? '#6b7280' : '#30313d'
      })
    }

    // The message line keeps its height when empty, so nothing moves under the buyer's pointer.
    function showError(error) {
      if (!shownError) return
      shownError.textContent = error ? error.message : ''
    }

    function changed() {
      var empty = !fields.number.value && !fields.expiry.value && !fields.cvc.value
      var error = validate(fields)
      // The change event says whether the card is complete; messages wait until a field is left.
      emit('change', { elementType: 'payment', empty: empty, complete: error === null, collapsed: false, value: { type: 'card' } })
      return error
    }

    this.mount = function (target) {
      var host = typeof target === 'string' ? document.querySelector(target) : target
      if (!host) throw new Error('IntegrationError: Invalid DOM element to mount the Payment Element to.')
      mounted += 1
      var prefix = '__fake_stripe_' + mounted
      root = document.createElement('div')
      root.setAttribute('data-fake-stripe-element', 'payment')
      root.style.fontFamily = 'system-ui, sans-serif'
      var number = field(prefix + '_number', 'Card number', { inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 1234 1234 1234', name: 'cardnumber' })
      var row = document.createElement('div')
      row.style.display = 'grid'
      row.style.gridTemplateColumns = '1fr 1fr'
      row.style.gap = '10px'
      var expiry = field(prefix + '_expiry', 'Expiration date', { inputmode: 'numeric', autocomplete: 'cc-exp', placeholder: 'MM / YY', name: 'exp-date' })
      var cvc = field(prefix + '_cvc', 'Security code', { inputmode: 'numeric', autocomplete: 'cc-csc', placeholder: 'CVC', name: 'cvc', maxlength: '4' })
      row.appendChild(expiry.wrap)
      row.appendChild(cvc.wrap)
      shownError = document.createElement('p')
      shownError.setAttribute('data-fake-stripe-error', '')
      shownError.style.minHeight = '20px'
      shownError.style.color = '#df1b41'
      shownError.style.fontSize = '14px'
      shownError.style.margin = '0'
      root.appendChild(number.wrap)
      root.appendChild(row)
      root.appendChild(shownError)
      host.appendChild(root)
      fields = { number: number.input, expiry: expiry.input, cvc: cvc.input }
      fields.number.addEventListener('input', function () {
        var caret = fields.number.value
        fields.number.value = formatNumber(caret)
        changed()
      })
      fields.expiry.addEventListener('input', changed)
      fields.cvc.addEventListener('input', changed)
      // Like the real element, a field's message shows once the buyer leaves it (an empty one says nothing yet).
      ;['number', 'expiry', 'cvc'].forEach(function (name) {
        fields[name].addEventListener('blur', function () {
          showError(fields[name].value ? checkField(name, fields[name].value) : null)
        })
      })
      applyReadOnly()
      group._element = self
      setTimeout(function () {
        emit('ready', { elementType: 'payment' })
      }, 0)
    }
    this.update = function (next) {
      if (next && 'readOnly' in next) readOnly = Boolean(next.readOnly)
      applyReadOnly()
    }
    this.on = function (name, listener) {
      ;(listeners[name] = listeners[name] || []).push(listener)
      return self
    }
    this.off = function (name, listener) {
      listeners[name] = (listeners[name] || []).filter(function (each) {
        return each !== listener
      })
      return self
    }
    this.focus = function () {
      if (fields) fields.number.focus()
    }
    this.unmount = function () {
      if (root && root.parentNode) root.parentNode.removeChild(root)
      root = null
      fields = null
    }
    this.destroy = this.unmount
    this._check = function () {
      if (!fields) return cardError('integration', 'The Payment Element is not mounted.')
      if (readOnly) return { type: 'validation_error', code: 'read_only', message: 'The Payment Element is read-only.' }
      var error = validate(fields)
      showError(error)
      return error
    }
    this._card = function () {
      var expiry = parseExpiry(fields.expiry.value)
      return { number: digitsOf(fields.number.value), exp_month: expiry.month, exp_year: expiry.year, cvc: fields.cvc.value.trim() }
    }
    this._showError = showError
  }

  function Elements(stripe, options) {
    var group = this
    var settings = Object.assign({}, options || {})
    this._element = null
    this._submitted = false
    this.create = function (type, elementOptions) {
      if (type !== 'payment') throw new Error('IntegrationError: the fake Stripe.js models the Payment Element only, not ' + type + '.')
      var element = new PaymentElement(group, elementOptions)
      group._element = element
      return element
    }
    this.getElement = function (type) {
      return type === 'payment' ? group._element : null
    }
    this.update = function (next) {
      Object.assign(settings, next || {})
    }
    this.submit = function () {
      var element = group._element
      if (!element) return Promise.resolve({ error: cardError('integration', 'Create and mount a Payment Element before calling elements.submit().') })
      var error = element._check()
      group._submitted = error === null
      return Promise.resolve(error ? { error: error } : {})
    }
    this._settings = function () {
      return settings
    }
  }

  function post(path, params) {
    var body = new URLSearchParams()
    Object.keys(params).forEach(function (name) {
      if (params[name] !== undefined && params[name] !== null) body.append(name, String(params[name]))
    })
    return fetch(apiBase + path, { method: 'POST', body: body }).then(function (response) {
      return response.json()
    })
  }

  function get(path, params) {
    return fetch(apiBase + path + '?' + new URLSearchParams(params).toString()).then(function (response) {
      return response.json()
    })
  }

  function intentIdOf(clientSecret, prefix) {
    var match = new RegExp('^(' + prefix + '_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$').exec(clientSecret || '')
    return match ? match[1] : null
  }

  function Stripe(key, options) {
    if (!(this instanceof Stripe)) return new Stripe(key, options)
    if (typeof key !== 'string' || key.indexOf('pk_') !== 0) throw new Error('IntegrationError: Invalid API Key provided: ' + key)
    var account = options && options.stripeAccount
    var base = { key: key, _stripe_account: account }

    function confirm(kind, prefix, args) {
      var elements = args && args.elements
      var clientSecret = args && args.clientSecret
      var confirmParams = (args && args.confirmParams) || {}
      var id = intentIdOf(clientSecret, prefix)
      if (!id) return Promise.resolve({ error: { type: 'invalid_request_error', code: 'invalid_client_secret', message: 'Invalid value for ' + kind + ': clientSecret should be a client secret of the form ' + prefix + '_{id}_secret_{secret}.' } })
      if (!elements || !elements._element) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid value for ' + kind + ': elements should have a mounted Payment Element.' } })
      if (!elements._submitted) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'elements.submit() must be called before ' + kind + '().' } })
      elements._submitted = false
      var card = elements._element._card()
      var path = (prefix === 'pi' ? '/v1/payment_intents/' : '/v1/setup_intents/') + id
      function run() {
        return post(path + '/confirm', Object.assign({}, base, {
          client_secret: clientSecret,
          return_url: confirmParams.return_url,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': card.number,
          'payment_method_data[card][exp_month]': card.exp_month,
          'payment_method_data[card][exp_year]': card.exp_year,
          'payment_method_data[card][cvc]': card.cvc,
        }))
      }
      var check = prefix === 'pi' ? get(path, Object.assign({}, base, { client_secret: clientSecret })) : Promise.resolve(null)
      return check.then(function (intent) {
        if (intent && intent.error) return { error: intent.error }
        var wanted = elements._settings().setupFutureUsage || null
        if (intent && (intent.setup_future_usage || null) !== wanted) {
          return { error: { type: 'invalid_request_error', code: 'setup_future_usage_mismatch', message: 'The PaymentIntent\'s setup_future_usage (' + intent.setup_future_usage + ') does not match the setupFutureUsage the Elements were made with (' + wanted + ').' } }
        }
        return run().then(function (answer) {
          // A refusal from Stripe is the page's to show; the element shows only its own field checks.
          if (answer.error) return { error: answer.error }
          var result = prefix === 'pi' ? { paymentIntent: answer } : { setupIntent: answer }
          if (args.redirect === 'if_required') return result
          var back = new URL(confirmParams.return_url)
          back.searchParams.set(prefix === 'pi' ? 'payment_intent' : 'setup_intent', answer.id)
          back.searchParams.set(prefix === 'pi' ? 'payment_intent_client_secret' : 'setup_intent_client_secret', clientSecret)
          back.searchParams.set('redirect_status', 'succeeded')
          location.assign(back.toString())
          return new Promise(function () {})
        })
      }, function () {
        return { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please check your connection and try again.' } }
      })
    }

    this.elements = function (elementsOptions) {
      return new Elements(this, elementsOptions)
    }
    this.confirmPayment = function (args) {
      return confirm('confirmPayment', 'pi', args)
    }
    this.confirmSetup = function (args) {
      return confirm('confirmSetup', 'seti', args)
    }
    this.handleNextAction = function (args) {
      var id = intentIdOf(args && args.clientSecret, 'pi')
      if (!id) return Promise.resolve({ error: { type: 'invalid_request_error', message: 'Invalid value for handleNextAction: clientSecret.' } })
      return get('/v1/payment_intents/' + id, Object.assign({}, base, { client_secret: args.clientSecret })).then(function (answer) {
        return answer.error ? { error: answer.error } : { paymentIntent: answer }
      })
    }
  }

  window.Stripe = Stripe
})()
`
